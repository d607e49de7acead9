package pocketapi.pictures;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Picks a picture for a request: among the pictures of the side its path or device asks for (a device's side falls back
 * to the whole pool when the pool has none of it; {@code shape}, when given, replaces a device's choice and narrows
 * {@code /pe} and {@code /pc}), uniformly at random, and with IMAGE_NO_REPEAT=K never one of the same user's last K
 * pictures of that pool while there are more than K to pick from. The users' recent picks live in a table of fixed size
 * allocated at the start, nothing allocated per request: a user and pool have a group of four slots (by a 64-bit hash),
 * and a newcomer takes over the one of the four seen longest ago, so that a flood of new ids costs no garbage and a
 * user who keeps coming keeps its picks. Thread-safe.
 */
public final class Picker {
    /** Users remembered at most: 20 + 4 K bytes each (1 MB at K=8, 5.5 MB at K=64), allocated at the start. */
    public static final int MAX_USERS = 20_000;

    private final int noRepeat;
    /**
     * Per slot: the hash of its user and pool (0: empty), when it was last used, and K ids then where the next goes.
     */
    private final long[] keys;

    private final long[] usedAt;
    private final int[] last;
    private long tick;
    private static final int WAYS = 4;

    /** What the table of {@code maxUsers} users' last {@code noRepeat} picks takes of the heap. */
    public static long bytes(int noRepeat, int maxUsers) {
        return noRepeat == 0 ? 0 : (long) Math.max(1, maxUsers / WAYS) * WAYS * (20 + 4L * noRepeat);
    }

    /** @param noRepeat K, 0 for plain random picks; @param maxUsers users (and pools) remembered at most */
    public Picker(int noRepeat, int maxUsers) {
        this.noRepeat = noRepeat;
        int slots = noRepeat == 0 ? 0 : Math.max(1, maxUsers / WAYS) * WAYS;
        this.keys = new long[slots];
        this.usedAt = new long[slots];
        this.last = new int[slots * (noRepeat + 1)];
    }

    /**
     * @param side the side the path asks for (null: any)
     * @param device whether {@code side} is the device's guess rather than the path's
     * @param shape the shape asked for, or null
     * @return empty when the pool has no picture of that side and shape
     */
    public Optional<ImagePool.Picture> pick(
            ImagePool pool,
            String poolName,
            ImagePool.Shape side,
            boolean device,
            ImagePool.Shape shape,
            String user,
            RandomGenerator random) {
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
        long key = hash(user, poolName);
        synchronized (this) {
            int at = slot(key) * (noRepeat + 1);
            ImagePool.Picture p;
            do {
                p = choice.get(random.nextInt(choice.size()));
            } while (seen(at, p.id()));
            last[at + last[at + noRepeat]] = p.id();
            last[at + noRepeat] = (last[at + noRepeat] + 1) % noRepeat;
            return Optional.of(p);
        }
    }

    /**
     * The slot of {@code key} in its group of {@value #WAYS}: its own, else the one used longest ago, emptied for it.
     */
    private int slot(long key) {
        int first = (int) Math.floorMod(key, (long) (keys.length / WAYS)) * WAYS;
        int i = first;
        for (int j = first; j < first + WAYS && keys[i] != key; j++) {
            i = keys[j] == key || usedAt[j] < usedAt[i] ? j : i;
        }
        if (keys[i] != key) {
            keys[i] = key;
            int at = i * (noRepeat + 1);
            java.util.Arrays.fill(last, at, at + noRepeat, -1);
            last[at + noRepeat] = 0;
        }
        usedAt[i] = ++tick;
        return i;
    }

    /** A 64-bit FNV-1a hash of the user and the pool's name, never 0 (an empty slot). */
    private static long hash(String user, String pool) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < user.length(); i++) {
            h = (h ^ user.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ 0x10000) * 0x100000001b3L; // not a char: "ab"+"c" and "a"+"bc" differ
        for (int i = 0; i < pool.length(); i++) {
            h = (h ^ pool.charAt(i)) * 0x100000001b3L;
        }
        return h == 0 ? 1 : h;
    }

    /** Users (with a pool) whose last picks are remembered now. */
    synchronized int remembered() {
        int n = 0;
        for (long key : keys) {
            n += key == 0 ? 0 : 1;
        }
        return n;
    }

    private boolean seen(int at, int id) {
        for (int i = at; i < at + noRepeat; i++) {
            if (last[i] == id) {
                return true;
            }
        }
        return false;
    }
}
