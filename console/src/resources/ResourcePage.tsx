export function ResourcePage() {
  return <h1>ResourcePage</h1>;
}
