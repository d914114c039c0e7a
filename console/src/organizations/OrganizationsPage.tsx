export function OrganizationsPage() {
  return <h1>OrganizationsPage</h1>;
}
