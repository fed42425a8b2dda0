/** The search results page: members and events matching `?q=`. */
export function SearchPage() {
  return null;
}
