export function App() {
  return (
    <main>
      <h1>Tessera console</h1>
    </main>
  );
}
