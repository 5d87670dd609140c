import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';

/** A phone's finger needs 44 px (WCAG 2.5.5); from `sm` up the fields are compact. */
export const GIFT_FIELD_HEIGHT = 'h-11 sm:h-10';

/**
 * A gift recipient's name and e-mail (docs/product/buying.md#recipients), as checkout takes them
 * and as the sender corrects them on a sent gift. Ids are `<idPrefix>-name` and `<idPrefix>-email`.
 */
export function RecipientFields({
  idPrefix,
  name,
  email,
  onNameChange,
  onEmailChange,
  nameMaxLength,
}: {
  idPrefix: string;
  name: string;
  email: string;
  onNameChange: (name: string) => void;
  onEmailChange: (email: string) => void;
  nameMaxLength?: number;
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Recipient name">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={nameMaxLength}
            autoComplete="off"
            className={GIFT_FIELD_HEIGHT}
            onChange={(event) => onNameChange(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-email`} label="Recipient email">
        {(control) => (
          <Input
            {...control}
            type="email"
            value={email}
            autoComplete="off"
            className={GIFT_FIELD_HEIGHT}
            onChange={(event) => onEmailChange(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
