package pocketapi.holidays.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.*;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Folder;
import pocketapi.files.Resources;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayGate;
import pocketapi.holidays.HolidayYear;
import pocketapi.logging.LogText;

/**
 * Loads the holiday years to serve at start-up, from three sources by precedence: an operator's
 * {@code HOLIDAY_DATA_DIR} over the cache of fetched years over the built-in years. Every year passes
 * {@link HolidayGate}:
 *
 * <ul>
 *   <li>a placeholder (no days) is not loaded anywhere: its dates answer "not published yet";
 *   <li>in {@code HOLIDAY_DATA_DIR}, any other failure, a gap in the years or a date listed twice stops the start (an
 *       operator's mistake, reported naming the file);
 *   <li>in the cache, a year that does not fit is skipped with a warning: never a failed start.
 * </ul>
 */
public final class HolidayData {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayData.class);
    /** How the source of a built-in year starts. */
    public static final String BUILT_IN = "built-in ";

    private static final Pattern YEAR_FILE = Pattern.compile("\\d{4}\\.json");
    /** A year's file is a few KB; these bound what a folder of them costs to read. */
    public static final int MAX_FILE = 1 << 20;

    static final long MAX_FOLDER = 8 << 20;

    private HolidayData() {}

    /** What start-up loaded. */
    public record Loaded(HolidayCalendar calendar, Set<Integer> pinned) {}

    /** The built-in years and those of {@code dir}, without a cache. */
    public static HolidayCalendar load(Optional<Path> dir, Clock clock) throws HolidayDataException {
        return load(dir, List.of(), clock).calendar();
    }

    /** The built-in years, overridden by the fetched years kept in the cache, overridden by those of {@code dir}. */
    public static Loaded load(Optional<Path> dir, List<HolidayYear> cached, Clock clock) throws HolidayDataException {
        TreeMap<Integer, HolidayYear> years = new TreeMap<>();
        for (HolidayYear year : builtIn()) {
            years.put(year.year(), year);
        }
        Set<Integer> notPublished = new TreeSet<>();
        Set<Integer> pinned = new TreeSet<>();
        if (dir.isPresent()) {
            for (HolidayYear year : folder(dir.get(), notPublished)) {
                years.put(year.year(), year);
                pinned.add(year.year());
            }
        }
        HolidayCalendar calendar = HolidayCalendar.of(years.values(), notPublished, clock);
        if (!cached.isEmpty()) {
            calendar = withCache(calendar, cached, pinned);
        }
        return new Loaded(calendar, pinned);
    }

    /** Adds the cached years that fit: next to the covered ones, or replacing a built-in one. */
    private static HolidayCalendar withCache(HolidayCalendar calendar, List<HolidayYear> cached, Set<Integer> pinned) {
        // Nearest first, so that 2027 is in place before 2028 is tried.
        List<HolidayYear> ordered = new ArrayList<>(cached);
        ordered.sort((a, b) -> Integer.compare(distance(calendar, a.year()), distance(calendar, b.year())));
        HolidayCalendar result = calendar;
        for (HolidayYear year : ordered) {
            if (pinned.contains(year.year())) {
                continue; // HOLIDAY_DATA_DIR wins
            }
            try {
                result = result.withYear(year.without(pinned));
            } catch (HolidayDataException e) {
                LOG.warn(
                        "holiday cache: {} is not used ({})",
                        year.source(),
                        LogText.safe(e.getMessage(), LogText.LINE));
            }
        }
        return result;
    }

    private static int distance(HolidayCalendar calendar, int year) {
        int first = calendar.first().getYear();
        int last = calendar.last().getYear();
        return year < first ? first - year : Math.max(0, year - last);
    }

    /** The years shipped in the jar; each must pass the gate (a test holds them to it). */
    public static List<HolidayYear> builtIn() throws HolidayDataException {
        List<HolidayYear> years = shipped("holidays/");
        for (HolidayYear year : years) {
            HolidayGate.Verdict verdict = HolidayGate.check(year);
            if (!verdict.served()) {
                throw new HolidayDataException(year.source(), "" + verdict.describe());
            }
        }
        return years;
    }

    /**
     * The years a folder of the jar ships, as its {@code index.txt} lists them ({@code holidays/},
     * {@code regions/hk/}).
     */
    public static List<HolidayYear> shipped(String folder) throws HolidayDataException {
        List<HolidayYear> years = new ArrayList<>();
        for (String name : resource(folder + "index.txt").split("\n")) {
            if (!name.isBlank()) {
                String path = folder + name.strip();
                years.add(HolidayFile.parse(BUILT_IN + path, yearOf(name.strip()), resourceBytes(path)));
            }
        }
        return years;
    }

    private static int yearOf(String fileName) {
        return Integer.parseInt(fileName.substring(0, 4));
    }

    private static byte[] resourceBytes(String path) throws HolidayDataException {
        return Resources.read(path)
                .orElseThrow(() -> new HolidayDataException(BUILT_IN + path, "missing from the jar"));
    }

    private static String resource(String path) throws HolidayDataException {
        return new String(resourceBytes(path), StandardCharsets.UTF_8);
    }

    /** Whether a file is named as a holiday year is: {@code YYYY.json}. */
    static boolean isYearFile(Path file) {
        return YEAR_FILE.matcher(file.getFileName().toString()).matches();
    }

    /** The {@code YYYY.json} files of a folder, read by {@link Folder}'s rules, in year order. */
    public static List<Folder.File> yearFiles(Path dir) throws IOException {
        return Folder.read(dir, name -> YEAR_FILE.matcher(name).matches(), MAX_FILE, MAX_FOLDER);
    }

    /** One file of {@link #yearFiles}, parsed. */
    public static HolidayYear parse(Folder.File file) throws HolidayDataException {
        return HolidayFile.parse(file.path().toString(), Integer.parseInt(file.stem()), bytes(file));
    }

    /** A listed file's content, or why it cannot be read. */
    static byte[] bytes(Folder.File file) throws HolidayDataException {
        try {
            return file.bytes();
        } catch (IOException e) {
            throw new HolidayDataException(
                    file.path().toString(),
                    file.problem() != null ? file.problem() : "cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The years of HOLIDAY_DATA_DIR that pass the gate; placeholders are noted in {@code notPublished}. */
    private static List<HolidayYear> folder(Path dir, Set<Integer> notPublished) throws HolidayDataException {
        List<HolidayYear> served = new ArrayList<>();
        List<Folder.File> files;
        try {
            files = yearFiles(dir);
        } catch (IOException e) {
            throw new HolidayDataException(dir.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        for (Folder.File file : files) {
            HolidayYear year = parse(file);
            HolidayGate.Verdict verdict = HolidayGate.checkOwn(year);
            switch (verdict.kind()) {
                case SERVED -> {
                    served.add(year);
                    if (!verdict.unlawful().isEmpty()) {
                        LOG.warn(
                                "{}: {}; served as written, as the operator's own file",
                                year.source(),
                                verdict.describe());
                    }
                }
                case NOT_PUBLISHED -> {
                    LOG.warn(
                            "{}: no days at all, a placeholder: {} is not published yet and is not loaded",
                            year.source(),
                            year.year());
                    notPublished.add(year.year());
                }
                case REFUSED -> throw new HolidayDataException(year.source(), "" + verdict.describe());
            }
        }
        return served;
    }
}
