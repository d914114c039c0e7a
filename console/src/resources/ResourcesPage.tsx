export function ResourcesPage() {
  return <h1>ResourcesPage</h1>;
}
