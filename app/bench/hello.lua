-- wrk script for bench.sh: the hello app's warm-up, over every partner route in turn.
local paths = { "/", "/json", "/detail", "/range", "/redirect" }
local i = 0

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
