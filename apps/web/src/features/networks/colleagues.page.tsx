import { NetworkPage } from './NetworkPage/NetworkPage';

/** /colleagues: the Professional Network, colleague cards only (spec section 2, 'Network pages'). */
export function ColleaguesPage() {
  return <NetworkPage page="colleagues" description="Your colleagues among your contacts." />;
}
