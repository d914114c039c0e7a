export function SignInExperiencePage() {
  return <h1>SignInExperiencePage</h1>;
}
