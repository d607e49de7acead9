-- pocketapi: apply one batch of counted calls, once, and report the counters: one atomic step.
--
-- KEYS[1] site total          KEYS[2] site daily (the batch's UTC+8 day, expires after it)
-- KEYS[3] hash user -> total  KEYS[4] hash user -> daily (the batch's day, expires after it)
-- KEYS[5] zset user -> last seen (ms)   KEYS[6] the last batch applied for the sending instance
-- ARGV: seq, expireAt (unix s), maxUsers, nowMillis, siteDelta, n, then n pairs (user, delta),
--       then m and m users to report.
-- A batch whose seq is not above the instance's last applied one was applied before (its answer
-- was lost): it is not applied again. seq 0 applies nothing and only reports.
-- Numbers go to Redis as the strings they came in, so no count ever passes through a Lua float.
-- Returns {siteTotal, siteDaily, then total and daily of each user asked}.
local seq = tonumber(ARGV[1])
local applied = tonumber(redis.call('GET', KEYS[6]) or '0')
local n = tonumber(ARGV[6])
if seq > applied then
  if tonumber(ARGV[5]) > 0 then
    redis.call('INCRBY', KEYS[1], ARGV[5])
    redis.call('INCRBY', KEYS[2], ARGV[5])
    redis.call('EXPIREAT', KEYS[2], ARGV[2])
  end
  for i = 0, n - 1 do
    local user = ARGV[7 + 2 * i]
    redis.call('HINCRBY', KEYS[3], user, ARGV[8 + 2 * i])
    redis.call('HINCRBY', KEYS[4], user, ARGV[8 + 2 * i])
    redis.call('ZADD', KEYS[5], ARGV[4], user)
  end
  if n > 0 then
    redis.call('EXPIREAT', KEYS[4], ARGV[2])
    -- At most maxUsers users: the least recently seen go first; the site counters are untouched.
    local excess = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[3])
    if excess > 0 then
      local gone = redis.call('ZRANGE', KEYS[5], 0, excess - 1)
      for _, user in ipairs(gone) do
        redis.call('HDEL', KEYS[3], user)
        redis.call('HDEL', KEYS[4], user)
      end
      redis.call('ZREMRANGEBYRANK', KEYS[5], 0, excess - 1)
    end
  end
  redis.call('SET', KEYS[6], ARGV[1], 'EX', 604800)
end
local out = {tonumber(redis.call('GET', KEYS[1]) or '0'), tonumber(redis.call('GET', KEYS[2]) or '0')}
local at = 7 + 2 * n
local m = tonumber(ARGV[at])
for i = 1, m do
  local user = ARGV[at + i]
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[3], user) or '0')
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[4], user) or '0')
end
return out
