package pocketapi.util;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A map of at most {@code max} entries in access order: past that, the least recently used entry
 * is dropped (and handed to {@code onDrop}). How every per-user table here stays bounded whatever
 * ids clients invent. Not thread-safe.
 */
public final class BoundedLru<K, V> extends LinkedHashMap<K, V> {
    private static final long serialVersionUID = 1L;
    private final int max;
    private final transient BiConsumer<K, V> onDrop;

    public BoundedLru(int max) {
        this(max, (k, v) -> { });
    }

    public BoundedLru(int max, BiConsumer<K, V> onDrop) {
        super(16, 0.75f, true);
        this.max = max;
        this.onDrop = onDrop;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        if (size() > max) {
            onDrop.accept(eldest.getKey(), eldest.getValue());
            return true;
        }
        return false;
    }
}
