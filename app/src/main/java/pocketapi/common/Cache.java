package pocketapi.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A small cache: at most {@code max} entries, the least recently used evicted first (never cleared wholesale), so that
 * no client can grow it or make every request miss by asking for more than it holds of something popular. A value is
 * computed outside the lock; two requests that miss at once may both compute it. Thread-safe.
 */
public final class Cache<K, V> {
    private final Map<K, V> entries;

    public Cache(int max) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > max;
            }
        };
    }

    public V get(K key, Function<? super K, ? extends V> compute) {
        V value;
        synchronized (this) {
            value = entries.get(key);
        }
        if (value == null) {
            value = compute.apply(key);
            synchronized (this) {
                entries.put(key, value);
            }
        }
        return value;
    }
}
