package pocketapi.counters;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.datasketches.hll.HllSketch;
import pocketapi.files.Json;

/**
 * The one JSON shape of every counters file, whole file and log line alike (written from records by
 * {@link Json#mapper}, read by one reader, token by token, through {@link Json#FACTORY}): the site's tally
 * {@code "site":[total,daily,"YYYY-MM-DD"]} and the crawlers' part of it {@code "bots":[...]}, its calls per day
 * {@code "history":[["YYYY-MM-DD",site,holidays,pictures,info,other,bots,imported],...]}, each day's visitors as a
 * HyperLogLog sketch {@code "visitors":[["YYYY-MM-DD","<base64>"],...]} (a log line: what the day gained), the imports
 * applied {@code "imports":["sha256:<hex>",...]}, the users' {@code "users":[["<16 hex digits: the keyed
 * hash>",total,daily,"YYYY-MM-DD",1 when that day's calls include a person's, else 0],...]}, in Redis mode the other
 * instances' part as last seen {@code "others":{...}}, and a whole file's {@code format} and {@code instance}. A row
 * shorter than today's (a file of an earlier release) reads its missing counts as 0. A whole file is streamed, a user
 * at a time, in either direction; a log line is merged only once all of it reads. A value of another kind than its
 * place holds (an object or array where a text or a count belongs) fails the read where it stands. The first release's
 * files ({@value #RAW_IDS}: raw ids, no history) are read too, each id hashed as it is read; files of versions before
 * it are refused. Stateless.
 */
final class StatsFormat {
    static final String FORMAT = "pocketapi-stats/4";
    /** The first release's format: the same shape, with the users' ids as they came. */
    static final String RAW_IDS = "pocketapi-stats/3";
    /** An import, as {@code imports} records it: its content's SHA-256. */
    static final String IMPORT = "sha256:[0-9a-f]{64}";

    private StatsFormat() {}

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"total", "daily", "date"})
    record SiteRow(long total, long daily, String date) {
        static SiteRow of(Tally t) {
            return new SiteRow(
                    t.total(), t.daily(), LocalDate.ofEpochDay(t.day()).toString());
        }
    }

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"id", "total", "daily", "date", "visitor"})
    record UserRow(String id, long total, long daily, String date, int visitor) {
        static UserRow of(long key, long total, long daily, long day, boolean visitor) {
            return new UserRow(
                    UserKeys.hex(key), total, daily, LocalDate.ofEpochDay(day).toString(), visitor ? 1 : 0);
        }
    }

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"date", "site", "holidays", "pictures", "info", "other", "bots", "imported"})
    record DayRow(
            String date, long site, long holidays, long pictures, long info, long other, long bots, long imported) {
        static DayRow of(long day, long[] c) {
            return new DayRow(LocalDate.ofEpochDay(day).toString(), c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
        }
    }

    /** A day's visitors: a compact HyperLogLog sketch of their keyed hashes, in base64. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"date", "sketch"})
    record VisitorRow(String date, byte[] sketch) {
        static List<VisitorRow> of(Map<Long, byte[]> sketches) {
            List<VisitorRow> rows = new ArrayList<>();
            sketches.forEach((day, bytes) ->
                    rows.add(new VisitorRow(LocalDate.ofEpochDay(day).toString(), bytes)));
            return rows;
        }
    }

    /** A log line: the new values of what changed (and of the others' part). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({"site", "bots", "history", "visitors", "imports", "users", "others"})
    record Line(
            SiteRow site,
            SiteRow bots,
            List<DayRow> history,
            List<VisitorRow> visitors,
            List<String> imports,
            List<UserRow> users,
            Line others) {
        static Line of(LocalCounters.Changes c) {
            List<DayRow> days = new ArrayList<>();
            c.days().forEach((day, counts) -> days.add(DayRow.of(day, counts)));
            List<UserRow> users = new ArrayList<>();
            c.users()
                    .forEach(r -> users.add(UserRow.of(
                            r.key(),
                            r.tally().total(),
                            r.tally().daily(),
                            r.tally().day(),
                            r.visitor())));
            return new Line(
                    c.site() == null ? null : SiteRow.of(c.site()),
                    c.bots() == null ? null : SiteRow.of(c.bots()),
                    days,
                    VisitorRow.of(c.visitors()),
                    List.copyOf(c.imports()),
                    users,
                    null);
        }

        /** This line with the others' part. */
        Line with(Line others) {
            return new Line(site, bots, history, visitors, imports, users, others);
        }
    }

    /** Where what is read goes. */
    static final class Target {
        final LocalCounters own;
        final LocalCounters others;
        String instance;
        /** Whether a raw id was read (then hashed): every file holding one goes at the next whole save. */
        boolean rawIds;
        /** How many users were read as keyed hashes: counted under a key that must not be lost. */
        int hashedIds;
        /** The dates read so far: most users share a few, and java.time's parser is slow for 100,000 of them. */
        private final Map<String, Long> days = new java.util.HashMap<>();

        long day(String date) throws IOException {
            Long day = days.get(date);
            if (day == null) {
                day = date(date);
                if (days.size() < 10_000) {
                    days.put(date, day);
                }
            }
            return day;
        }

        /** @param others null: no others' part is kept (the file store) */
        Target(LocalCounters own, LocalCounters others) {
            this.own = own;
            this.others = others;
        }
    }

    /**
     * Reads a whole file, streaming, into {@code to}; what was read before a failure stands (every count only grows).
     */
    static void read(InputStream in, Target to) throws IOException {
        read(in, to, Runnable::run);
    }

    /** Reads one log line whole into {@code to}: nothing of it is merged unless all of it reads. */
    static void readLine(InputStream line, Target to) throws IOException {
        List<Runnable> merges = new ArrayList<>();
        read(line, to, merges::add);
        merges.forEach(Runnable::run);
    }

    /**
     * The one reader of the format, whole file and log line alike, token by token (a start reads thousands of rows,
     * before anything needs the databind): one JSON object whose every value is of the kind its place holds, each merge
     * handed to {@code merge} as soon as its value is read. A nested object or array where a text or a number belongs
     * fails the read there, before anything in it is merged. Fields it does not know are skipped (formats grow).
     */
    private static void read(InputStream in, Target to, Consumer<Runnable> merge) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(in)) {
            check(p.nextToken() == JsonToken.START_OBJECT, "not a JSON object");
            fields(p, to, to.own, merge, true);
            check(p.nextToken() == null, "not one JSON object");
        }
    }

    /** The fields of a whole file or line ({@code top}), or of its others' part, up to the object's end. */
    private static void fields(JsonParser p, Target to, LocalCounters into, Consumer<Runnable> merge, boolean top)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            if (top && name.equals("format")) {
                String format = text(p, name);
                check(
                        FORMAT.equals(format) || RAW_IDS.equals(format),
                        "a counters file of a version before 1.0.0 (" + format + "), which this version does not read");
            } else if (top && name.equals("instance")) {
                String instance = text(p, name);
                merge.accept(() -> to.instance = instance);
            } else if (top && name.equals("others")) {
                check(value == JsonToken.START_OBJECT && to.others != null, "\"others\" where none are kept");
                fields(p, to, to.others, merge, false);
            } else if (name.equals("site") || name.equals("bots")) {
                Row r = Row.read(p, "nns");
                check(r != null, "a " + name + " without counts");
                Tally site = tally(r.n(0), r.n(1), r.s(2), to);
                long key = name.equals("site") ? LocalCounters.SITE : LocalCounters.BOTS;
                merge.accept(() -> into.merge(key, site, true));
            } else if (name.equals("history")) {
                rows(p, name, "snnnnnnn", r -> {
                    long day = to.day(r.s(0));
                    long[] counts = {r.n(1), r.n(2), r.n(3), r.n(4), r.n(5), r.n(6), r.n(7)};
                    merge.accept(() -> into.mergeDay(day, counts));
                });
            } else if (name.equals("visitors")) {
                rows(p, name, "ss", r -> {
                    long day = to.day(r.s(0));
                    HllSketch sketch = sketch(r.s(1));
                    merge.accept(() -> into.mergeVisitors(day, sketch));
                });
            } else if (name.equals("imports")) {
                check(value == JsonToken.START_ARRAY, "\"imports\" is not an array");
                Set<String> ids = new TreeSet<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    check(t == JsonToken.VALUE_STRING && p.getText().matches(IMPORT), "an import that is no hash");
                    ids.add(p.getText());
                }
                merge.accept(() -> into.mergeImports(ids));
            } else if (name.equals("users")) {
                rows(p, name, "snnsn", r -> {
                    long key = key(r.s(0), to);
                    Tally user = tally(r.n(1), r.n(2), r.s(3), to);
                    boolean visitor = r.n(4) == 1;
                    merge.accept(() -> into.merge(key, user, visitor, true));
                });
            } else {
                p.skipChildren();
            }
        }
    }

    /** A field's text: a string, nothing else. */
    private static String text(JsonParser p, String field) throws IOException {
        check(p.currentToken() == JsonToken.VALUE_STRING, "\"" + field + "\" that is no string");
        return p.getText();
    }

    /** Reads each row of a list of rows. */
    private interface Each {
        void row(Row r) throws IOException;
    }

    private static void rows(JsonParser p, String field, String kinds, Each each) throws IOException {
        check(p.currentToken() == JsonToken.START_ARRAY, "\"" + field + "\" is not an array");
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            check(t == JsonToken.START_ARRAY, "a row of \"" + field + "\" that is not an array");
            each.row(Row.read(p, kinds));
        }
    }

    /**
     * One row, read token by token: an array of texts ({@code s}) and whole numbers ({@code n}) in the order of its
     * kinds. What it leaves out reads as null or 0 (the checks that follow refuse it), what it adds is skipped; a text
     * that is no string, a count that is no whole number, fail the read. Null for a JSON null.
     */
    private record Row(String[] texts, long[] numbers) {
        static Row read(JsonParser p, String kinds) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                return null;
            }
            check(p.currentToken() == JsonToken.START_ARRAY, "a row that is not an array");
            Row row = new Row(new String[kinds.length()], new long[kinds.length()]);
            int i = 0;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), i++) {
                check(t != null, "a row cut short");
                if (i >= kinds.length()) {
                    p.skipChildren();
                } else if (kinds.charAt(i) == 's') {
                    check(t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NULL, "a row's text that is no string");
                    row.texts[i] = t == JsonToken.VALUE_NULL ? null : p.getText();
                } else {
                    check(t == JsonToken.VALUE_NUMBER_INT, "a row's count that is no whole number");
                    row.numbers[i] = p.getLongValue();
                }
            }
            return row;
        }

        String s(int i) {
            return texts[i];
        }

        long n(int i) {
            return numbers[i];
        }
    }

    /** A user's key: its 16 hex digits, or (an id of the first release's files) the id hashed. */
    private static long key(String id, Target to) throws IOException {
        check(id != null && !id.isEmpty(), "a user without an id");
        long key = UserKeys.parse(id);
        if (key == 0) {
            to.rawIds = true;
            key = to.own.keys().of(id);
        } else {
            to.hashedIds++;
        }
        return key;
    }

    /** A day's sketch as a file holds it: base64 of a compact sketch of ours, checked before anything is merged. */
    private static HllSketch sketch(String base64) throws IOException {
        check(base64 != null && base64.length() <= (VisitorSketches.MAX_BYTES + 2) / 3 * 4, "a sketch too long");
        try {
            return VisitorSketches.read(Base64.getDecoder().decode(base64));
        } catch (RuntimeException e) { // Base64's, or DataSketches' own (a preamble that does not read, bytes missing)
            throw new IOException("not a sketch of visitors ("
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")");
        }
    }

    private static Tally tally(long total, long daily, String date, Target to) throws IOException {
        check(daily >= 0 && total >= daily, "a count that is not a tally");
        return new Tally(total, daily, to.day(date));
    }

    private static long date(String date) throws IOException {
        try {
            return LocalDate.parse(String.valueOf(date)).toEpochDay();
        } catch (DateTimeException e) {
            throw new IOException("not a date: " + date);
        }
    }

    private static void check(boolean ok, String problem) throws IOException {
        if (!ok) {
            throw new IOException(problem);
        }
    }

    /** Newlines where a person reading the file wants them: after each top-level field and each day or user. */
    private static final class ByLine extends MinimalPrettyPrinter {
        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(g.getOutputContext().getParent().inRoot() ? ",\n" : ",");
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            g.writeRaw(outer(g) ? "\n" : "");
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(outer(g) ? ",\n" : ",");
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            g.writeRaw(outer(g) && values > 0 ? "\n]" : "]");
        }

        /** Whether the array being written is a field's list of rows (days, users), not a row. */
        private static boolean outer(JsonGenerator g) {
            var field = g.getOutputContext().getParent();
            return field != null
                    && field.inObject()
                    && !"site".equals(field.getCurrentName())
                    && !"bots".equals(field.getCurrentName())
                    && !"imports".equals(field.getCurrentName());
        }
    }

    /**
     * Writes a whole file: this instance's counts and (Redis mode) the others' part, a user at a time; then a newline.
     */
    static void write(OutputStream out, String instance, LocalCounters.Snapshot own, LocalCounters.Snapshot others)
            throws IOException {
        try (JsonGenerator g = Json.mapper().createGenerator(out)) {
            g.setPrettyPrinter(new ByLine());
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeStringField("instance", instance);
            part(g, own);
            if (!own.imports().isEmpty()) {
                g.writeObjectField("imports", own.imports());
            }
            if (others != null) {
                g.writeFieldName("others");
                g.writeStartObject();
                part(g, others);
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void part(JsonGenerator g, LocalCounters.Snapshot s) throws IOException {
        g.writeObjectField("site", SiteRow.of(s.site()));
        g.writeObjectField("bots", SiteRow.of(s.bots()));
        g.writeFieldName("history");
        g.writeStartArray();
        for (Map.Entry<Long, long[]> d : s.days().entrySet()) {
            g.writeObject(DayRow.of(d.getKey(), d.getValue()));
        }
        g.writeEndArray();
        if (!s.sketches().isEmpty()) {
            g.writeFieldName("visitors");
            g.writeStartArray();
            for (VisitorRow row : VisitorRow.of(s.sketches())) {
                g.writeObject(row);
            }
            g.writeEndArray();
        }
        g.writeFieldName("users");
        g.writeStartArray();
        for (int i = 0; i < s.users(); i++) {
            g.writeObject(UserRow.of(
                    s.keys()[i],
                    s.totals()[i],
                    s.dailies()[i],
                    s.on()[i],
                    s.visitors().get(i)));
        }
        g.writeEndArray();
    }

    /** Writes one log line and a newline. */
    static void writeLine(OutputStream out, Line line) throws IOException {
        Json.mapper().writeValue(out, line);
        out.write('\n');
    }
}
