export function OrganizationPage() {
  return <h1>OrganizationPage</h1>;
}
