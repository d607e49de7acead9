-- pocketapi: apply one batch of counted calls, once, and report the counters: one atomic step.
--
-- KEYS[1] site total          KEYS[2] site daily (the batch's UTC+8 day, expires after it)
-- KEYS[3] hash user -> total  KEYS[4] hash user -> daily (the batch's day, expires after it)
-- KEYS[5] zset user -> last seen (ms)   KEYS[6] hash instance -> last batch applied (never expires)
-- KEYS[7] the sending instance's mark as versions before 1.1 kept it (a string; read, never written)
-- KEYS[8] hash instance -> when it was last heard from (ms)   KEYS[9] hash: the sweep's horizon
-- ARGV: instance, seq, expireAt (unix s), maxUsers, nowMillis, siteDelta, n, then n pairs
--       (user, delta), then m and m users to report, then k and k instances whose marks to report,
--       then the batch's sealed time (ms).
-- A batch whose seq is not above its instance's mark was applied before (its answer was lost): it
-- is not applied again. seq 0 applies nothing and only reports. A batch whose instance has no mark
-- and that was sealed before the sweep's horizon (hygiene.lua removed marks of instances gone
-- since) cannot be judged: it is not applied ("expired"). Every key is checked before the first
-- write, so a key that holds something else fails the whole batch and nothing is applied.
-- Returns {siteTotal, siteDaily, then total and daily of each user asked, then each mark asked,
-- then 1 if the batch expired, else 0}.
local function kind(key)
  return redis.call('TYPE', key)['ok']
end
local function wrong(key, value)
  return redis.error_reply('pocketapi: ' .. key .. ' holds ' .. value .. ', not a count')
end
for i, want in ipairs({'string', 'string', 'hash', 'hash', 'zset', 'hash', 'string', 'hash', 'hash'}) do
  local t = kind(KEYS[i])
  if t ~= 'none' and t ~= want then return wrong(KEYS[i], 'a ' .. t) end
end
for i = 1, 2 do
  local v = redis.call('GET', KEYS[i])
  if v and not string.match(v, '^%d+$') then return wrong(KEYS[i], 'a value that is not a whole number') end
end
local n = tonumber(ARGV[7])
local at = 8 + 2 * n
local m = tonumber(ARGV[at])
local function checkUser(user)
  for _, key in ipairs({KEYS[3], KEYS[4]}) do
    local v = redis.call('HGET', key, user)
    if v and not string.match(v, '^%d+$') then return wrong(key .. ' field ' .. user, 'a value that is not a whole number') end
  end
end
for i = 0, n - 1 do
  local bad = checkUser(ARGV[8 + 2 * i])
  if bad then return bad end
end
for i = 1, m do
  local bad = checkUser(ARGV[at + i])
  if bad then return bad end
end

local seq = tonumber(ARGV[2])
local applied = math.max(tonumber(redis.call('HGET', KEYS[6], ARGV[1]) or '0') or 0,
                         tonumber(redis.call('GET', KEYS[7]) or '0') or 0)
local k = tonumber(ARGV[at + m + 1])
local sealed = tonumber(ARGV[at + m + 2 + k]) or 0
local expired = 0
if seq > 0 and applied == 0 and sealed > 0 and
   sealed <= (tonumber(redis.call('HGET', KEYS[9], 'horizon') or '0') or 0) then
  expired = 1
end
redis.call('HSET', KEYS[8], ARGV[1], ARGV[5])
if seq > applied and expired == 0 then
  if tonumber(ARGV[6]) > 0 then
    redis.call('INCRBY', KEYS[1], ARGV[6])
    redis.call('INCRBY', KEYS[2], ARGV[6])
    redis.call('EXPIREAT', KEYS[2], ARGV[3])
  end
  for i = 0, n - 1 do
    local user = ARGV[8 + 2 * i]
    redis.call('HINCRBY', KEYS[3], user, ARGV[9 + 2 * i])
    redis.call('HINCRBY', KEYS[4], user, ARGV[9 + 2 * i])
    redis.call('ZADD', KEYS[5], ARGV[5], user)
  end
  if n > 0 then
    redis.call('EXPIREAT', KEYS[4], ARGV[3])
    -- At most maxUsers users: the least recently seen go first; the site counters are untouched.
    local excess = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[4])
    if excess > 0 then
      local gone = redis.call('ZRANGE', KEYS[5], 0, excess - 1)
      for _, user in ipairs(gone) do
        redis.call('HDEL', KEYS[3], user)
        redis.call('HDEL', KEYS[4], user)
      end
      redis.call('ZREMRANGEBYRANK', KEYS[5], 0, excess - 1)
    end
  end
  redis.call('HSET', KEYS[6], ARGV[1], ARGV[2])
end
-- Numbers go to Redis as the strings they came in; they come back as integers.
local out = {tonumber(redis.call('GET', KEYS[1]) or '0'), tonumber(redis.call('GET', KEYS[2]) or '0')}
for i = 1, m do
  local user = ARGV[at + i]
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[3], user) or '0')
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[4], user) or '0')
end
for i = 1, k do
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[6], ARGV[at + m + 1 + i]) or '0')
end
out[#out + 1] = expired
return out
