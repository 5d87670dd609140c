/** The home page's swappable 'HOW TO REDEEM?' / 'HOW TO EXCHANGE?' explainer (issue 4). */
export function HowItWorksPanels() {
  return null;
}
