export function RolePage() {
  return <h1>RolePage</h1>;
}
