import { readSandboxAddress } from "../sandbox/address.js";

const USAGE = `Usage: npm run sandbox -- sale <ad_id> <qty>
       npm run sandbox -- reception <ad_id> <qty>

Records a sale out of Full, or an inbound reception, in the sandbox marketplace of a running
npm start (the one serving PORT, default 3000; SANDBOX_URL names another). The sandbox notifies
the service, which reads the operation and updates the ad's stock: watch the console change.`;

interface Recorded {
  operation: { id: number; inventory_id: string; type: string };
  available_before: number;
  available_after: number;
}

/** npm run sandbox: a stock operation in the running sandbox marketplace. */
async function main(args: string[]): Promise<number> {
  const [kind, adId, quantityText] = args;
  if (kind === "--help" || kind === "-h") {
    console.log(USAGE);
    return 0;
  }
  const quantity = Number(quantityText);
  if ((kind !== "sale" && kind !== "reception") || !adId || !Number.isInteger(quantity) || quantity <= 0 || args.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  const port = Number(process.env.PORT || 3000);
  const url = process.env.SANDBOX_URL || readSandboxAddress(port);
  if (!url) {
    console.error(`No sandbox marketplace found for the npm start on port ${port}: start it first (npm start), or set SANDBOX_URL`);
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(`${url}/_sandbox/operations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: kind, ad_id: adId, quantity }),
    });
  } catch (error) {
    console.error(`The sandbox marketplace at ${url} does not answer (${(error as Error).message}): is npm start still running?`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as Partial<Recorded> & { message?: string };
  if (response.status !== 201 || !body.operation) {
    console.error(`The sandbox refused the ${kind}: ${body.message ?? `HTTP ${response.status}`}`);
    return 1;
  }
  const { operation } = body as Recorded;
  console.log(
    `Recorded ${kind === "sale" ? "a sale" : "a reception"} of ${quantity} on ${adId} (inventory ${operation.inventory_id}, operation ${operation.id}): ` +
      `available ${body.available_before} → ${body.available_after}. The service is notified and updates its stock in a moment.`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
