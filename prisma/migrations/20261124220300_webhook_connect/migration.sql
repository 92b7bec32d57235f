-- A platform's endpoint for its connected accounts' events
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "connect" BOOLEAN NOT NULL DEFAULT false;
