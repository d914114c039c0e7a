export function RolesPage() {
  return <h1>RolesPage</h1>;
}
