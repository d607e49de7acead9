-- wrk script for flood.sh: every request a counted call from an id of 128 characters no one used before.
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end

function init(args)
  n = 0
  -- IDS: stop making new ids after this many per thread (outage.sh builds a backlog of a known size)
  cap = tonumber(os.getenv("IDS") or "0")
end

function request()
  n = n + 1
  if cap > 0 and n > cap then
    return wrk.format("GET", "/api/holidays?type=pithy&y=2026&m=1&d=1", { ["X-Forwarded-For"] = "steady" })
  end
  local s = id .. "-" .. n
  return wrk.format("GET", "/api/holidays?type=pithy&y=2026&m=1&d=1",
    { ["X-Forwarded-For"] = string.rep("0", 128 - #s) .. s })
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("completed %d\nerrors connect=%d read=%d write=%d status=%d timeout=%d\n",
    summary.requests, e.connect, e.read, e.write, e.status, e.timeout))
end
