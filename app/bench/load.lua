-- wrk script for load.sh: a mix of every counted endpoint, each request from a random user id.
local paths = {
  "/api/holidays", "/api/holidays?y=2025&m=10&d=1", "/api/holidays?type=pithy&y=2026&m=10&d=10",
  "/api/holidays?type=alarm", "/img", "/img/pe?type=json", "/img/pc?type=url", "/img/url", "/api/info",
}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
end

function request()
  local path = paths[math.random(#paths)]
  return wrk.format("GET", path, { ["X-Forwarded-For"] = "load-user-" .. math.random(1, 1000000) })
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("completed %d\nerrors connect=%d read=%d write=%d status=%d timeout=%d\n",
    summary.requests, e.connect, e.read, e.write, e.status, e.timeout))
end
