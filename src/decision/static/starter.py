#!/usr/bin/env python3
"""Starter client for the industry decision demo service (Python 3.8+, standard library only).

    SVC_API_KEY=... python3 starter.py [base_url] [--industry X] [--scenario Y] [--message "text"]

base_url defaults to http://127.0.0.1:8080. The key is read from the SVC_API_KEY environment
variable only (never from the command line, never placed in a URL). The client reads the
catalog, runs ONE decision with a fresh Idempotency-Key, prints the outcome, then reads the
recorded status with the lookup endpoint. It never re-POSTs by itself: on 429 it waits for
Retry-After and only re-reads the status. The last line printed is `status: <lookup status>`.
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

DEFAULT_BASE = "http://127.0.0.1:8080"
MAX_WAIT_SECONDS = 300
TIMEOUT_SECONDS = 60


class Reply:
    def __init__(self, status, headers, text):
        self.status = status
        self.headers = headers
        self.text = text
        try:
            self.json = json.loads(text) if text else None
        except ValueError:
            self.json = None


def request(method, url, key=None, idempotency_key=None, body=None):
    headers = {"Accept": "application/json"}
    if key:
        headers["X-Svc-Api-Key"] = key
    if idempotency_key:
        headers["Idempotency-Key"] = idempotency_key
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode("utf-8")
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT_SECONDS) as res:
            return Reply(res.status, res.headers, res.read().decode("utf-8", "replace"))
    except urllib.error.HTTPError as e:
        return Reply(e.code, e.headers, e.read().decode("utf-8", "replace"))


def fail(message, body=None):
    print("error: " + message, file=sys.stderr)
    if body:
        print(body, file=sys.stderr)


def lookup(base, key, idempotency_key):
    r = request("GET", base + "/api/svc/requests/" + urllib.parse.quote(idempotency_key, safe=""), key=key)
    if r.status != 200 or not isinstance(r.json, dict):
        fail("status lookup failed with HTTP %d" % r.status, r.text)
        return False, "lookup_failed_http_%d" % r.status, None
    return True, str(r.json.get("status")), r.json


def print_decision(decision, request_id):
    result = decision.get("result") or {}
    print("decision: %s" % result.get("decision"))
    print("routing: %s" % ((result.get("routing") or {}).get("band") or "n/a"))
    if result.get("plain_explanation"):
        print("explanation: %s" % result["plain_explanation"])
    if "expectation_applicable" in decision:
        print("fixture expectation: %s (applicable: %s)" % (decision.get("fixture_expectation", "n/a"),
                                                         str(decision["expectation_applicable"]).lower()))
    print("request_id: %s" % (request_id or "n/a"))


def main(argv):
    parser = argparse.ArgumentParser(description="Run one decision on the industry decision demo service.")
    parser.add_argument("base_url", nargs="?", default=DEFAULT_BASE)
    parser.add_argument("--industry")
    parser.add_argument("--scenario")
    parser.add_argument("--message")
    args = parser.parse_args(argv)
    base = args.base_url.rstrip("/")
    key = os.environ.get("SVC_API_KEY")
    if not key:
        fail("set the SVC_API_KEY environment variable to your request-only key")
        return 2

    catalog = request("GET", base + "/api/svc/catalog")
    if catalog.status != 200 or not isinstance(catalog.json, dict):
        fail("catalog request failed with HTTP %d" % catalog.status, catalog.text)
        return 1
    packs = catalog.json.get("packs") or []
    if args.industry:
        pack = next((p for p in packs if p.get("industry") == args.industry), None)
    else:
        pack = packs[0] if packs else None
    if not pack:
        fail("no pack for industry %s" % args.industry if args.industry else "the catalog lists no packs")
        return 2
    scenarios = pack.get("scenarios") or []
    if args.scenario:
        scenario = next((s for s in scenarios if s.get("id") == args.scenario), None)
    else:
        scenario = scenarios[0] if scenarios else None
    if not scenario:
        fail("no scenario %s in %s" % (args.scenario, pack["industry"]) if args.scenario
             else "pack %s lists no scenarios" % pack["industry"])
        return 2
    if catalog.json.get("live_available") is False:
        print("note: no model judges runs on this server (model: %s); the run is decided by its deterministic local judge" % catalog.json.get("model"))

    idempotency_key = str(uuid.uuid4())
    print("running %s / %s (Idempotency-Key %s)" % (pack["industry"], scenario["id"], idempotency_key))
    body = {"industry": pack["industry"], "scenario": scenario["id"]}
    if args.message is not None:
        body["message"] = args.message

    try:
        run = request("POST", base + "/api/svc/decisions", key=key, idempotency_key=idempotency_key, body=body)
    except (urllib.error.URLError, OSError) as e:
        # The run may or may not have been recorded: read its status, never re-POST.
        fail("the decision request did not complete: %s" % e)
        try:
            _, status, _ = lookup(base, key, idempotency_key)
        except (urllib.error.URLError, OSError):
            status = "lookup_failed"
        print("status: %s" % status)
        return 1

    exit_code = 0
    if run.status == 200 and isinstance(run.json, dict):
        print_decision(run.json, run.json.get("request_id") or run.headers.get("X-Request-ID"))
    elif run.status == 429:
        wait = None
        for candidate in (run.headers.get("Retry-After"),
                          ((run.json or {}).get("error") or {}).get("retry_after_seconds") if isinstance(run.json, dict) else None):
            try:
                if candidate is not None and float(candidate) >= 0:
                    wait = float(candidate)
                    break
            except (TypeError, ValueError):
                pass
        wait = min(MAX_WAIT_SECONDS, 1 if wait is None else wait)
        fail("rate limited (HTTP 429); waiting %gs, then reading the status without re-posting" % wait, run.text)
        time.sleep(wait)
        exit_code = 1
    else:
        fail("the decision request failed with HTTP %d" % run.status, run.text)
        exit_code = 1

    ok, status, record = lookup(base, key, idempotency_key)
    if not ok:
        exit_code = 1
    elif exit_code != 0 and status == "completed" and isinstance(record, dict) and record.get("result"):
        print_decision(record["result"], record["result"].get("request_id"))
        exit_code = 0
    elif isinstance(record, dict) and record.get("error"):
        print(json.dumps(record["error"]), file=sys.stderr)
    print("status: %s" % status)
    return exit_code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
