package pocketapi.counters;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import pocketapi.common.Utc8;

/**
 * An export of another counter, to start the site's counts from ({@code pocketapi --import FILE}): calls per UTC+8 day
 * (with the crawlers' part, where the export tells them) and calls of no day ({@code undated}), and the import's id,
 * its content's SHA-256 (what the counters record, so that it is added once). Three shapes are read, plain or gzipped:
 *
 * <ul>
 *   <li>GoatCounter's CSV export ({@code goatcounter-export-*.csv.gz}): a header whose first field is the format's
 *       version and {@code Path} ({@code 2Path}), then one row a pageview; each is a call on the UTC+8 day of its
 *       {@code Date} (RFC 3339), a crawler's when its {@code Bot} is not 0; events ({@code Event} true) are left out;
 *   <li>Plausible's CSV export, its {@code imported_visitors_*.csv}: a header {@code date,visitors,pageviews,...}, one
 *       row a day; its {@code pageviews} are the day's calls (its visitors cannot be added to a sketch: a count holds
 *       no one to add);
 *   <li>rows {@code YYYY-MM-DD,N} (a header {@code date,count} may come first) and at most one {@code total,N}: calls
 *       of no day, the starting count a hit counter showed.
 * </ul>
 *
 * A day after today (UTC+8) or a count that is no whole number is refused, naming its line. The text is UTF-8 (bytes
 * that are not are read as U+FFFD: they matter only in a field that is counted, which is checked). Immutable.
 */
public record Import(String id, String shape, long undated, SortedMap<Long, long[]> days) {
    /** A field longer than this (in characters) is refused: no export has one, and a reader is bounded. */
    static final int MAX_FIELD = 65_536;
    /** The largest count a row may hold. */
    static final long MAX_COUNT = 1_000_000_000_000L;

    /** Why a file is not read: where (its line, from 1; 0: the file itself), and what. */
    public static final class Refused extends Exception {
        private final long line;

        Refused(long line, String message) {
            super(message);
            this.line = line;
        }

        public long line() {
            return line;
        }
    }

    /** Every call of the import: the days' and those of no day. */
    public long calls() {
        long n = undated;
        for (long[] c : days.values()) {
            n += c[0];
        }
        return n;
    }

    /** The crawlers' calls among them. */
    public long bots() {
        long n = 0;
        for (long[] c : days.values()) {
            n += c[1];
        }
        return n;
    }

    /**
     * Reads an export from {@code in} (closed by the caller), with {@code today} the UTC+8 day nothing may come after.
     *
     * @throws IOException when it cannot be read
     * @throws Refused when it is not an export of a shape read here, naming the line
     */
    public static Import read(InputStream in, long today) throws IOException, Refused {
        try {
            return readCsv(in, today);
        } catch (ZipException | EOFException e) {
            throw new Refused(0, "is not a whole gzip file (" + e.getMessage() + ")");
        }
    }

    private static Import readCsv(InputStream in, long today) throws IOException, Refused {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
        BufferedInputStream buffered = new BufferedInputStream(in, 1 << 16);
        buffered.mark(2);
        boolean gzip = buffered.read() == 0x1f && buffered.read() == 0x8b;
        buffered.reset();
        // The hash is the CSV's, gzipped or not: the same export twice is the same import.
        InputStream csv = new DigestInputStream(gzip ? new GZIPInputStream(buffered, 1 << 16) : buffered, sha);
        // Bytes that are no UTF-8 (in a page's title, say) are read as U+FFFD: the fields counted are checked anyway.
        Reader text = new InputStreamReader(csv, StandardCharsets.UTF_8);
        Records records = new Records(text);
        List<String> first = records.next();
        if (first == null) {
            throw new Refused(0, "is empty");
        }
        Shape shape = Shape.of(first);
        SortedMap<Long, long[]> days = new TreeMap<>();
        long undated = 0;
        boolean total = false;
        if (shape == Shape.BARE && !isBareHeader(first)) {
            total |= bare(first, records.line(), today, days);
        }
        for (List<String> r = records.next(); r != null; r = records.next()) {
            if (r.size() == 1 && r.get(0).isEmpty()) {
                continue; // a blank line
            }
            long line = records.line();
            switch (shape) {
                case GOATCOUNTER -> shape.goatCounter(first, r, line, today, days);
                case PLAUSIBLE -> shape.plausible(first, r, line, today, days);
                case BARE -> {
                    if (bare(r, line, today, days)) {
                        if (total) {
                            throw new Refused(line, "a second total: a file has one at most");
                        }
                        total = true;
                    }
                }
            }
        }
        if (shape == Shape.BARE) {
            undated = days.containsKey(TOTAL) ? days.remove(TOTAL)[0] : 0;
        }
        if (days.isEmpty() && undated == 0) {
            throw new Refused(0, "holds no calls to add");
        }
        String id = "sha256:" + HexFormat.of().formatHex(sha.digest());
        return new Import(id, shape.title, undated, days);
    }

    /** Where a {@code total,N} row's count waits while the file is read (no day is this one). */
    private static final long TOTAL = Long.MIN_VALUE;

    private static boolean isBareHeader(List<String> r) {
        return r.size() == 2
                && r.get(0).strip().equalsIgnoreCase("date")
                && r.get(1).strip().equalsIgnoreCase("count");
    }

    /** A row {@code YYYY-MM-DD,N} or {@code total,N}; true for the latter. */
    private static boolean bare(List<String> r, long line, long today, SortedMap<Long, long[]> days) throws Refused {
        if (r.size() != 2) {
            throw new Refused(line, "a row of " + r.size() + " fields: expected YYYY-MM-DD,N or total,N");
        }
        long count = count(r.get(1), line);
        if (r.get(0).strip().equals("total")) {
            add(days, TOTAL, count, 0, line);
            return true;
        }
        add(days, date(r.get(0), line, today), count, 0, line);
        return false;
    }

    private static void add(SortedMap<Long, long[]> days, long day, long calls, long bots, long line) throws Refused {
        long[] c = days.computeIfAbsent(day, d -> new long[2]);
        c[0] += calls;
        c[1] += bots;
        if (c[0] > MAX_COUNT) {
            throw new Refused(line, "more than " + MAX_COUNT + " calls on one day");
        }
    }

    private static long count(String text, long line) throws Refused {
        String t = text.strip();
        if (t.isEmpty() || t.length() > 13 || !t.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new Refused(
                    line, "\"" + cut(text) + "\" is not a count: a whole number from 0 to " + MAX_COUNT + " expected");
        }
        long n = Long.parseLong(t);
        if (n > MAX_COUNT) {
            throw new Refused(line, t + " is more than " + MAX_COUNT);
        }
        return n;
    }

    private static long date(String text, long line, long today) throws Refused {
        LocalDate d;
        try {
            d = LocalDate.parse(text.strip());
        } catch (DateTimeException e) {
            throw new Refused(line, "\"" + cut(text) + "\" is not a date YYYY-MM-DD");
        }
        return day(d, text, line, today);
    }

    private static long day(LocalDate d, String text, long line, long today) throws Refused {
        if (d.toEpochDay() > today) {
            throw new Refused(line, cut(text) + " is after today (" + LocalDate.ofEpochDay(today) + ", UTC+8)");
        }
        if (d.getYear() < 1970) {
            throw new Refused(line, cut(text) + " is before 1970");
        }
        return d.toEpochDay();
    }

    private static String cut(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    /** The shapes read, told by the first row. */
    private enum Shape {
        GOATCOUNTER("GoatCounter's export"),
        PLAUSIBLE("Plausible's export"),
        BARE("rows of date,count");

        final String title;

        Shape(String title) {
            this.title = title;
        }

        static Shape of(List<String> first) throws Refused {
            if (!first.isEmpty() && first.get(0).matches("[0-9]+Path")) {
                for (String needed : List.of("Date", "Event", "Bot")) {
                    if (!first.contains(needed)) {
                        throw new Refused(1, "GoatCounter's export without a " + needed + " column");
                    }
                }
                return GOATCOUNTER;
            }
            if (first.contains("date") && first.contains("pageviews")) {
                return PLAUSIBLE;
            }
            if (first.size() == 2) {
                return BARE;
            }
            throw new Refused(
                    1,
                    "not an export pocketapi reads: expected GoatCounter's CSV export (a header 2Path,...), "
                            + "Plausible's imported_visitors CSV (date,visitors,pageviews,...), or rows of "
                            + "YYYY-MM-DD,N and total,N");
        }

        void goatCounter(List<String> header, List<String> r, long line, long today, SortedMap<Long, long[]> days)
                throws Refused {
            String event = field(header, r, "Event", line);
            if (event.equals("true")) {
                return; // an event (a click, a download) is no pageview
            }
            String date = field(header, r, "Date", line);
            LocalDate d;
            try {
                d = OffsetDateTime.parse(date).atZoneSameInstant(Utc8.OFFSET).toLocalDate();
            } catch (DateTimeException e) {
                throw new Refused(line, "\"" + cut(date) + "\" is not a date and time as RFC 3339 writes it");
            }
            String bot = field(header, r, "Bot", line);
            add(days, day(d, date, line, today), 1, bot.isEmpty() || bot.equals("0") ? 0 : 1, line);
        }

        void plausible(List<String> header, List<String> r, long line, long today, SortedMap<Long, long[]> days)
                throws Refused {
            String views = field(header, r, "pageviews", line);
            // A day with visits but no pageview is empty (ClickHouse writes \N): no calls.
            long n = views.isEmpty() || views.equals("\\N") ? 0 : count(views, line);
            add(days, date(field(header, r, "date", line), line, today), n, 0, line);
        }

        private static String field(List<String> header, List<String> r, String name, long line) throws Refused {
            int i = header.indexOf(name);
            if (i >= r.size()) {
                throw new Refused(line, "a row of " + r.size() + " fields, without its " + name);
            }
            return r.get(i);
        }
    }

    /**
     * The records of a CSV text as RFC 4180 has them (and GoatCounter's and ClickHouse's writers write them): fields
     * split at commas, optionally quoted, a quote doubled inside quotes, line breaks inside quotes kept; lines end in
     * LF or CRLF; a byte order mark before the first is skipped. Each field at most {@link #MAX_FIELD} characters.
     */
    private static final class Records {
        private final Reader in;
        private long line;
        private long started;
        private int peeked = -2;

        Records(Reader in) {
            this.in = new java.io.BufferedReader(in, 1 << 16);
        }

        /** The line the last record started on, from 1. */
        long line() {
            return started;
        }

        private int read() throws IOException {
            if (peeked != -2) {
                int c = peeked;
                peeked = -2;
                return c;
            }
            return in.read();
        }

        /** The next record, or null at the end. */
        List<String> next() throws IOException, Refused {
            int c = read();
            if (line == 0 && c == '\uFEFF') {
                c = read();
            }
            if (c == -1) {
                return null;
            }
            started = ++line;
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean wasQuoted = false;
            while (true) {
                if (field.length() > MAX_FIELD) {
                    throw new Refused(started, "a field longer than " + MAX_FIELD + " characters");
                }
                if (quoted) {
                    if (c == -1) {
                        throw new Refused(started, "a quote that is never closed");
                    }
                    if (c == '"') {
                        int after = read();
                        if (after == '"') {
                            field.append('"');
                        } else {
                            quoted = false;
                            c = after;
                            continue;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        field.append((char) c);
                    }
                } else if (c == '"' && field.length() == 0 && !wasQuoted) {
                    quoted = true;
                    wasQuoted = true;
                } else if (c == ',') {
                    fields.add(field.toString());
                    field.setLength(0);
                    wasQuoted = false;
                } else if (c == '\r' || c == '\n' || c == -1) {
                    if (c == '\r') {
                        int after = read();
                        if (after != '\n') {
                            peeked = after;
                        }
                    }
                    fields.add(field.toString());
                    return fields;
                } else {
                    field.append((char) c);
                }
                c = read();
            }
        }
    }

    /** For messages: the counts in words ("1,012 calls (12 on 2 day(s) from … to …, 1,000 of no day)"). */
    String describe() {
        List<String> parts = new ArrayList<>();
        if (!days.isEmpty()) {
            parts.add(String.format(
                    Locale.ROOT,
                    "%,d on %d day(s) from %s to %s",
                    calls() - undated,
                    days.size(),
                    LocalDate.ofEpochDay(days.firstKey()),
                    LocalDate.ofEpochDay(days.lastKey())));
        }
        if (undated > 0) {
            parts.add(String.format(Locale.ROOT, "%,d of no day", undated));
        }
        if (bots() > 0) {
            parts.add(String.format(Locale.ROOT, "%,d of them crawlers'", bots()));
        }
        return String.format(Locale.ROOT, "%,d calls (%s)", calls(), String.join(", ", parts));
    }
}
