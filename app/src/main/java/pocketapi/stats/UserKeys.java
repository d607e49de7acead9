package pocketapi.stats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import pocketapi.files.Disk;

/**
 * What the counters keep of a user instead of its id (a client's IP address, as a rule): the first 64 bits of
 * HMAC-SHA-256 under a random key of the instance's, {@code stats.key} beside the counters (owner-only; instances that
 * share Redis adopt the key Redis holds). Without the key the id cannot be found again from it, not even by trying
 * every IPv4 address. Shown and stored as 16 hex digits. Immutable and thread-safe.
 */
public final class UserKeys {
    private final byte[] secret;
    private final ThreadLocal<Mac> macs;

    public UserKeys(byte[] secret) {
        this.secret = secret.clone();
        this.macs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(this.secret, "HmacSHA256"));
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HMAC-SHA-256 is part of every Java runtime", e);
            }
        });
    }

    /** The key of {@code file}, made (32 random bytes, owner-only) when there is none. */
    public static UserKeys load(Disk disk, Path file) throws IOException {
        try {
            String hex = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (hex.matches("[0-9a-f]{64}")) {
                return new UserKeys(HexFormat.of().parseHex(hex));
            }
            throw new IOException(file + " does not hold a key (64 hex digits); move it away to have a new one made");
        } catch (NoSuchFileException e) {
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            UserKeys keys = new UserKeys(secret);
            keys.save(disk, file);
            return keys;
        }
    }

    public void save(Disk disk, Path file) throws IOException {
        disk.replace(file, (text() + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** The secret in hex, as {@code stats.key} and Redis hold it. */
    public String text() {
        return HexFormat.of().formatHex(secret);
    }

    /** An id and its key, as the recent ids keep them. */
    private record Known(String id, long key) {
    }

    /** The keys of ids seen lately, by the id's hash: most calls come from a few ids, an HMAC costs a microsecond. */
    private final java.util.concurrent.atomic.AtomicReferenceArray<Known> recent = new java.util.concurrent.atomic.AtomicReferenceArray<>(1024);

    /** The user's key, never 0 or -1. */
    public long of(String user) {
        int slot = user.hashCode() & (recent.length() - 1);
        Known known = recent.get(slot);
        if (known != null && known.id().equals(user)) {
            return known.key();
        }
        byte[] mac = macs.get().doFinal(user.getBytes(StandardCharsets.UTF_8));
        long key = ByteBuffer.wrap(mac).getLong();
        key = key == 0 || key == -1 ? 1 : key;  // 0 and -1 are the site's places
        recent.set(slot, new Known(user, key));
        return key;
    }

    /** A user's key as stored: 16 hex digits. */
    public static String hex(long key) {
        return HexFormat.of().toHexDigits(key);
    }

    /** A stored key, or 0 when {@code text} is none. */
    public static long parse(String text) {
        if (text.length() != 16) {
            return 0;
        }
        for (int i = 0; i < 16; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return 0;
            }
        }
        return HexFormat.fromHexDigitsToLong(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserKeys k && java.util.Arrays.equals(k.secret, secret);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(secret);
    }
}
