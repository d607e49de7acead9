-- pocketapi: one batch of counts an earlier version left unsent, applied as that version would:
-- once, by its instance's mark (the last batch applied), and only to the shared sums.
-- KEYS[1] site total   KEYS[2] site daily of the batch's day   KEYS[3] hash user -> total
-- KEYS[4] hash user -> daily of the batch's day   KEYS[5] hash instance -> last batch applied
-- ARGV: instance, batch number, expireAt (unix s), site count, then pairs of user and count.
if tonumber(redis.call('HGET', KEYS[5], ARGV[1]) or '0') >= tonumber(ARGV[2]) then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[4])
redis.call('INCRBY', KEYS[2], ARGV[4])
for i = 5, #ARGV, 2 do
  redis.call('HINCRBY', KEYS[3], ARGV[i], ARGV[i + 1])
  redis.call('HINCRBY', KEYS[4], ARGV[i], ARGV[i + 1])
end
redis.call('EXPIREAT', KEYS[2], ARGV[3])
redis.call('EXPIREAT', KEYS[4], ARGV[3])
redis.call('HSET', KEYS[5], ARGV[1], ARGV[2])
return 1
