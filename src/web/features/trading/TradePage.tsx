export function TradePage() {
  return <div className="p-4 text-dim">Trade</div>;
}
