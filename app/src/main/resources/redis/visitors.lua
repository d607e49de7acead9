-- pocketapi: the visitors of today, of the last 30 days and of all the days kept, each a union of the
-- days' HyperLogLogs. ARGV: prefix, then the dates kept, today first.
local keys = {}
for d = 2, #ARGV do keys[#keys + 1] = ARGV[1] .. 'visitors:' .. ARGV[d] end
local last30 = {}
for k = 1, math.min(30, #keys) do last30[k] = keys[k] end
return {redis.call('PFCOUNT', keys[1]), redis.call('PFCOUNT', unpack(last30)), redis.call('PFCOUNT', unpack(keys))}
