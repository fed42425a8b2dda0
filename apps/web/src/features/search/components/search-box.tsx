/** The top bar's search box: members and events as you type, in a dropdown; Enter opens the results page. */
export function SearchBox() {
  return null;
}
