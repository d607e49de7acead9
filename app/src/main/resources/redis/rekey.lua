-- pocketapi: moves users from their ids (the first release kept them as they came) to their keyed
-- hashes, in one hash or sorted set: each field moved once, whoever runs this and however often.
-- KEYS[1] the hash or zset; ARGV[1] 'sum' (shared sums add), 'max' (an instance's values) or 'zset'
-- (last seen: the later wins); then pairs of old field and new field.
local mode = ARGV[1]
for i = 2, #ARGV, 2 do
  local old, new = ARGV[i], ARGV[i + 1]
  if mode == 'zset' then
    local s = redis.call('ZSCORE', KEYS[1], old)
    if s then
      redis.call('ZREM', KEYS[1], old)
      local cur = redis.call('ZSCORE', KEYS[1], new)
      if not cur or tonumber(s) > tonumber(cur) then redis.call('ZADD', KEYS[1], s, new) end
    end
  else
    local v = redis.call('HGET', KEYS[1], old)
    if v then
      redis.call('HDEL', KEYS[1], old)
      if mode == 'sum' then
        redis.call('HINCRBY', KEYS[1], new, v)
      elseif tonumber(v) > (tonumber(redis.call('HGET', KEYS[1], new) or '0') or 0) then
        redis.call('HSET', KEYS[1], new, v)
      end
    end
  end
end
return 1
