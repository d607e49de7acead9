-- The feed mix of the security probe: remind stepping through the 1,440 minutes of a day, lang=en on
-- every other request, only=off|work|none in turn, so that no two requests in a row ask for the same
-- variant. With POCKETAPI_CALENDARS=N set, the alarm under calendar=c1..cN in turn instead.
local n = 0
local calendars = tonumber(os.getenv("POCKETAPI_CALENDARS") or "0")
local only = {"&only=off", "&only=work", ""}
request = function()
  n = n + 1
  if calendars > 0 then
    return wrk.format("GET", "/api/holidays?type=alarm&calendar=c" .. (n % calendars + 1))
  end
  local minute = n % 1440
  local path = string.format("/api/holidays.ics?remind=%02d:%02d%s%s", math.floor(minute / 60), minute % 60,
    (n % 2 == 0) and "&lang=en" or "", only[n % 3 + 1])
  return wrk.format("GET", path)
end
