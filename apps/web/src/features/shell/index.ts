// What other features use of the shell: how a person's name is shown.
export { displayName } from './display-name';
