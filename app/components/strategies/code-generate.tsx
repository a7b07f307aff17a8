import { useNavigation } from "@remix-run/react";
import { IntentButton } from "../ui/intent-button";

/** The code tab before any code exists (spec 2 s2 'Generate Code'): one POST, which works without scripts. */
export function CodeGenerate() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="card code-generate" aria-labelledby="code-generate-title">
      <h2 id="code-generate-title">Generate Code</h2>
      <p className="muted">
        Turn this strategy into a MetaTrader 5 expert advisor (.mq5) that you can backtest here and run in
        your terminal. A generation uses 1 credit; a failed one uses none.
      </p>
      <IntentButton intent="generate" className="button primary" disabled={busy}>
        Generate Code
      </IntentButton>
    </section>
  );
}
