package pocketapi.image;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

import pocketapi.util.BoundedLru;

/**
 * Picks a picture for a request: among the pictures of the side its path or device asks for (a
 * device's side falls back to the whole pool when the pool has none of it; {@code shape}, when
 * given, replaces a device's choice and narrows {@code /pe} and {@code /pc}), uniformly at random,
 * and with IMAGE_NO_REPEAT=K never one of the same user's last K pictures of that pool while there
 * are more than K to pick from. The users' recent picks are bounded like the counters: the least
 * recently seen users are dropped first. Thread-safe.
 */
public final class Picker {
    /** Users remembered at most: about 160 bytes each (300 with 128-character ids), 3 to 6 MB in all. */
    public static final int MAX_USERS = 20_000;
    private final int noRepeat;
    private final BoundedLru<String, int[]> recent;

    /** @param noRepeat K, 0 for plain random picks; @param maxUsers users (and pools) remembered at most */
    public Picker(int noRepeat, int maxUsers) {
        this.noRepeat = noRepeat;
        this.recent = new BoundedLru<>(noRepeat == 0 ? 1 : maxUsers);
    }

    /**
     * @param side   the side the path asks for (null: any)
     * @param device whether {@code side} is the device's guess rather than the path's
     * @param shape  the shape asked for, or null
     * @return empty when the pool has no picture of that side and shape
     */
    public Optional<ImagePool.Picture> pick(ImagePool pool, String poolName, ImagePool.Shape side, boolean device,
                                            ImagePool.Shape shape, String user, RandomGenerator random) {
        List<ImagePool.Picture> choice = pool.choice(device && shape != null ? null : side, shape);
        if (choice.isEmpty() && device && shape == null) {
            choice = pool.choice(null, null);
        }
        if (choice.isEmpty()) {
            return Optional.empty();
        }
        if (noRepeat == 0 || choice.size() <= noRepeat) {
            return Optional.of(choice.get(random.nextInt(choice.size())));
        }
        String key = user + '\u0000' + poolName;
        synchronized (recent) {
            int[] last = recent.get(key);
            if (last == null) {
                last = new int[noRepeat + 1];  // the last K ids (+1, 0 meaning none), then where the next goes
                java.util.Arrays.fill(last, 0, noRepeat, -1);
                last[noRepeat] = 0;
                recent.put(key, last);
            }
            ImagePool.Picture p;
            do {
                p = choice.get(random.nextInt(choice.size()));
            } while (seen(last, p.id()));
            last[last[noRepeat]] = p.id();
            last[noRepeat] = (last[noRepeat] + 1) % noRepeat;
            return Optional.of(p);
        }
    }

    /** Users (with a pool) whose last picks are remembered now. */
    int remembered() {
        synchronized (recent) {
            return recent.size();
        }
    }

    private boolean seen(int[] last, int id) {
        for (int i = 0; i < noRepeat; i++) {
            if (last[i] == id) {
                return true;
            }
        }
        return false;
    }
}
