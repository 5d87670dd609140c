/** The info feature's public face: the static pages are the router's; the home page shows the how-it-works panels. */
export { HowItWorksPanels } from './components/how-it-works-panels';
