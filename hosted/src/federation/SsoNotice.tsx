/** Said at the identifier step when the e-mail's domain signs in through its organization. */
export function SsoNotice({ connector }: { connector: { connectorName: string } }) {
  return (
    <p className="status" role="status">
      {connector.connectorName} signs you in with single sign-on: you continue at your organization’s sign-in
      page.
    </p>
  );
}
