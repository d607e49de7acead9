package pocketapi.holiday.update;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Disk;

/**
 * What the updater must remember across restarts about confirmation, in the cache folder
 * ({@code confirmation.properties}): when a year new to the service was first seen (its wait for
 * the confirming source runs from then, a restart does not reset it) and which fetched years the
 * confirming source has confirmed. Written atomically on every change; an unreadable file is
 * read as empty (the wait then starts again: the safe side). Used by the updater's one thread.
 */
public final class ConfirmLedger {
    private static final Logger LOG = LoggerFactory.getLogger(ConfirmLedger.class);
    static final String FILE = "confirmation.properties";
    private static final String FIRST_SEEN = "firstSeen.";
    private static final String CONFIRMED_BY = "confirmedBy.";

    private final Optional<Path> file;
    private final TreeMap<String, String> entries = new TreeMap<>();

    /** @param dir the cache folder; empty: remembered in memory only */
    public ConfirmLedger(Optional<Path> dir) {
        this.file = dir.map(d -> d.resolve(FILE));
        if (file.isPresent()) {
            read(file.get());
        }
    }

    private void read(Path path) {
        try {
            Properties p = new Properties();
            p.load(new StringReader(Files.readString(path, StandardCharsets.UTF_8)));
            for (String key : p.stringPropertyNames()) {
                entries.put(key, p.getProperty(key));
            }
        } catch (NoSuchFileException e) {
            // nothing remembered yet
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("cannot read {} ({}); waits for confirmation start again", path, e.toString());
        }
    }

    /** When {@code year} was first seen; records {@code now} if it never was. */
    public Instant firstSeen(int year, Instant now) {
        String seen = entries.get(FIRST_SEEN + year);
        if (seen != null) {
            try {
                return Instant.parse(seen);
            } catch (DateTimeException e) {
                // rewritten below
            }
        }
        put(FIRST_SEEN + year, now.toString());
        return now;
    }

    /** The confirming file(s) that confirmed the served {@code year}, if it is confirmed. */
    public Optional<String> confirmedBy(int year) {
        return Optional.ofNullable(entries.get(CONFIRMED_BY + year));
    }

    public void confirmed(int year, String by) {
        put(CONFIRMED_BY + year, by);
    }

    /** The served {@code year} changed without confirmation. */
    public void unconfirmed(int year) {
        if (entries.remove(CONFIRMED_BY + year) != null) {
            save();
        }
    }

    private void put(String key, String value) {
        if (!value.equals(entries.put(key, value))) {
            save();
        }
    }

    private void save() {
        if (file.isEmpty()) {
            return;
        }
        Properties p = new Properties();
        p.putAll(entries);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            p.store(out, "pocketapi: holiday years waiting for, or confirmed by, the confirming source");
            Disk.LOCAL.replace(file.get(), out.toByteArray());
        } catch (IOException e) {
            LOG.error("cannot write {} ({}); a restart starts the waits for confirmation again", file.get(), e.toString());
        }
    }
}
