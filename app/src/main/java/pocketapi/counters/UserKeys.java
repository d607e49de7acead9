package pocketapi.counters;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import pocketapi.files.Disk;
import pocketapi.files.Folder;

/**
 * What the counters keep of a user instead of its id (a client's IP address, as a rule): the first 64 bits of
 * HMAC-SHA-256 under a random key of the instance's, {@code STATS_KEY_FILE} ({@code stats.key} beside the counters,
 * owner-only; instances that share Redis are each given the same file, and Redis holds only the key's {@link #check
 * fingerprint}). Without the key the id cannot be found again from it, not even by trying every IPv4 address. Shown and
 * stored as 16 hex digits. Immutable and thread-safe.
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

    /**
     * The key of {@code file}; empty when there is none, or the file is empty (an operator's way of asking for a new
     * one).
     *
     * @throws IOException when it cannot be read or holds anything but a key
     */
    public static Optional<UserKeys> read(Path file) throws IOException {
        try {
            String hex = new String(Folder.readFile(file, 4096), StandardCharsets.US_ASCII).strip();
            if (hex.isEmpty()) {
                return Optional.empty();
            }
            if (hex.matches("[0-9a-f]{64}")) {
                return Optional.of(new UserKeys(HexFormat.of().parseHex(hex)));
            }
            throw new IOException(file + " does not hold a key (64 hex digits)");
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** A new random key (32 bytes). */
    public static UserKeys random() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return new UserKeys(secret);
    }

    /**
     * Keeps this key in {@code file} (owner-only) unless another is there by now: an instance sharing the file that
     * made one a moment before wins, and its key is returned. An empty file is replaced.
     */
    public UserKeys keep(Disk disk, Path file) throws IOException {
        if (Files.exists(file) && Files.size(file) == 0) {
            save(disk, file);
            return this;
        }
        Path made = file.resolveSibling(file.getFileName() + ".new-" + Long.toHexString(new SecureRandom().nextLong()));
        disk.replace(made, (text() + "\n").getBytes(StandardCharsets.US_ASCII));
        try {
            disk.link(made, file); // fails when the file exists: a new name, atomically, never over another's key
            return this;
        } catch (FileAlreadyExistsException e) {
            return read(file).orElse(this);
        } finally {
            disk.delete(made);
        }
    }

    public void save(Disk disk, Path file) throws IOException {
        disk.replace(file, (text() + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** The secret in hex, as {@code stats.key} holds it. */
    public String text() {
        return HexFormat.of().formatHex(secret);
    }

    /**
     * The key's fingerprint, 16 hex digits: what instances sharing Redis compare there to know they hash users alike
     * (an HMAC of a fixed text: it says nothing of the key).
     */
    public String check() {
        return HexFormat.of()
                .formatHex(macs.get().doFinal("pocketapi key check".getBytes(StandardCharsets.US_ASCII)), 0, 8);
    }

    /** An id and its key, as the recent ids keep them. */
    private record Known(String id, long key) {}

    /** The keys of ids seen lately, by the id's hash: most calls come from a few ids, an HMAC costs a microsecond. */
    private final java.util.concurrent.atomic.AtomicReferenceArray<Known> recent =
            new java.util.concurrent.atomic.AtomicReferenceArray<>(1024);

    /** The user's key, never 0 or -1. */
    public long of(String user) {
        int slot = user.hashCode() & (recent.length() - 1);
        Known known = recent.get(slot);
        if (known != null && known.id().equals(user)) {
            return known.key();
        }
        byte[] mac = macs.get().doFinal(user.getBytes(StandardCharsets.UTF_8));
        long key = ByteBuffer.wrap(mac).getLong();
        key = key == 0 || key == -1 ? 1 : key; // 0 and -1 are the site's places
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
