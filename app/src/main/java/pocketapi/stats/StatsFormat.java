package pocketapi.stats;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Map;
import java.util.function.BiConsumer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

import pocketapi.util.IsoDate;

/**
 * The one JSON shape of every counters file, whole file and log line alike: the site's tally
 * {@code "site":[total,daily,"YYYY-MM-DD"]}, the users' {@code "users":[["id",total,daily,"YYYY-MM-DD"],...]},
 * in Redis mode the other instances' part as last seen {@code "others":{"site":..,"users":..}}, and
 * a whole file's {@code format} and {@code instance}. Every field is optional and
 * others are skipped, so the same reader takes the files of earlier versions: {@code pocketapi-stats/1}
 * (a tally as {@code {"id":..,"total":..,"daily":..,"date":..}}), {@code /2} and its journal lines, and
 * {@code stats.redis-base.json} (read as others). Stateless.
 */
final class StatsFormat {
    static final String FORMAT = "pocketapi-stats/3";
    static final JsonFactory JSON = JsonFactory.builder().disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();

    private StatsFormat() {
    }

    /** Where what is read goes, tally by tally ({@code ""}: the site's); with {@code dry}, nowhere: it is only checked. */
    static final class Target {
        final BiConsumer<String, Tally> own;
        final BiConsumer<String, Tally> others;
        String instance;
        boolean dry;

        /** @param others null: no others' part is kept (the file store) */
        Target(BiConsumer<String, Tally> own, BiConsumer<String, Tally> others) {
            this.own = own;
            this.others = others;
        }
    }

    /** Reads one object from {@code in}, to its end, into {@code to}. */
    static void read(InputStream in, Target to) throws IOException {
        try (JsonParser p = JSON.createParser(in)) {
            check(p.nextToken() == JsonToken.START_OBJECT);
            readFields(p, to.own, to);
            check(p.nextToken() == null);
        }
    }

    private static void readFields(JsonParser p, BiConsumer<String, Tally> into, Target to) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "site" -> {
                    Tally site = tally(p, false, null);
                    if (!to.dry) {
                        into.accept("", site);
                    }
                }
                case "users" -> {
                    check(value == JsonToken.START_ARRAY);
                    String[] id = new String[1];
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        Tally t = tally(p, true, id);
                        if (!to.dry) {
                            into.accept(id[0], t);
                        }
                    }
                }
                case "others" -> {
                    check(value == JsonToken.START_OBJECT && to.others != null);
                    readFields(p, to.others, to);
                }
                case "instance" -> to.instance = to.dry ? to.instance : p.getValueAsString();
                default -> p.skipChildren();
            }
        }
    }

    /** {@code ["id",total,daily,"date"]} ({@code [total,daily,"date"]} for the site), or a version 1 object; the id to {@code id[0]}. */
    private static Tally tally(JsonParser p, boolean withId, String[] id) throws IOException {
        String user = null;
        long total = -1;
        long daily = -1;
        String date = null;
        if (p.currentToken() == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "id" -> user = p.getValueAsString();
                    case "total" -> total = p.getValueAsLong(-1);
                    case "daily" -> daily = p.getValueAsLong(-1);
                    case "date" -> date = p.getValueAsString();
                    default -> p.skipChildren();
                }
            }
        } else {
            check(p.currentToken() == JsonToken.START_ARRAY);
            if (withId) {
                check(p.nextToken() == JsonToken.VALUE_STRING);
                user = p.getText();
            }
            check(p.nextToken() == JsonToken.VALUE_NUMBER_INT);
            total = p.getLongValue();
            check(p.nextToken() == JsonToken.VALUE_NUMBER_INT);
            daily = p.getLongValue();
            check(p.nextToken() == JsonToken.VALUE_STRING);
            date = p.getText();
            check(p.nextToken() == JsonToken.END_ARRAY);
        }
        check((user != null) == withId && date != null && daily >= 0 && total >= daily);
        if (withId) {
            id[0] = user;
        }
        try {
            return new Tally(total, daily, IsoDate.parse(date).toEpochDay());
        } catch (DateTimeException e) {
            throw new IOException("not a date: " + date);
        }
    }

    private static void check(boolean ok) throws IOException {
        if (!ok) {
            throw new IOException("not a counters file of pocketapi");
        }
    }

    /**
     * Writes one object of the tallies given ({@code ""}: the site's; {@code others} may be null),
     * and a newline: with an {@code instance}, a whole file, one user per line; else one line.
     */
    static void write(OutputStream out, String instance, Map<String, Tally> own, Map<String, Tally> others)
            throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        boolean whole = instance != null;
        w.write(whole ? "{\"format\":\"" + FORMAT + "\",\"instance\":" + quote(instance) + ",\n" : "{");
        tallies(w, own, whole);
        if (others != null && !others.isEmpty()) {
            w.write(",\"others\":{");
            tallies(w, others, whole);
            w.write('}');
        }
        w.write("}\n");
        w.flush();
    }

    private static void tallies(Writer w, Map<String, Tally> tallies, boolean lines) throws IOException {
        Tally site = tallies.get("");
        if (site != null) {
            w.write("\"site\":");
            row(w, null, site);
            w.write(',');
        }
        w.write("\"users\":[");
        String sep = lines ? "\n" : "";
        for (Map.Entry<String, Tally> u : tallies.entrySet()) {
            if (!u.getKey().isEmpty()) {
                w.write(sep);
                row(w, u.getKey(), u.getValue());
                sep = lines ? ",\n" : ",";
            }
        }
        w.write(sep.equals(",\n") ? "\n]" : "]");
    }

    private static void row(Writer w, String id, Tally t) throws IOException {
        w.write(id == null ? "[" : "[" + quote(id) + ",");
        w.write(t.total() + "," + t.daily() + ",\"" + LocalDate.ofEpochDay(t.day()) + "\"]");
    }

    private static String quote(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }
}
