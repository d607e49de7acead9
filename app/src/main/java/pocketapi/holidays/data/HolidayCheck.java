package pocketapi.holidays.data;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import pocketapi.files.Folder;
import pocketapi.holidays.Confirmation;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayGate;
import pocketapi.holidays.HolidayYear;

/**
 * {@code --check-holidays PATH [--confirm PATH2]}: the parse and the gate that start-up and the updater apply, run
 * offline on a file or a folder of {@code YYYY.json}, one line per year, so an operator can try a file before dropping
 * it into {@code HOLIDAY_DATA_DIR}. With {@code --confirm}, each year is also compared date by date with chinese-days'
 * file (or folder of files) as the updater compares them, and every date on which the two disagree is printed.
 */
public final class HolidayCheck {
    private HolidayCheck() {}

    /**
     * @param confirm a chinese-days {@code YYYY.json} or a folder of them; null: no comparison
     * @return 0 when every year would be served and no date is disputed, 2 otherwise
     */
    public static int run(Path path, Path confirm, PrintStream out) {
        List<Folder.File> files = yearFiles(path, out);
        List<Folder.File> confirming = confirm == null ? List.of() : yearFiles(confirm, out);
        if (files == null || confirming == null) {
            return 2;
        }
        boolean ok = true;
        TreeMap<Integer, HolidayYear> all = new TreeMap<>();
        TreeMap<Integer, HolidayYear> checked = new TreeMap<>();
        for (Folder.File file : files) {
            try {
                HolidayYear year = HolidayData.parse(file);
                HolidayGate.Verdict v = HolidayGate.check(year);
                out.println(file.path().getFileName() + ": " + plural(v.daysOff(), "day off", "days off") + ", "
                        + plural(v.makeUpDays(), "make-up day", "make-up days") + ": " + v.describe()
                        + (v.kind() == HolidayGate.Kind.NOT_PUBLISHED ? ": not served" : ""));
                ok &= v.served();
                checked.put(year.year(), year);
            } catch (HolidayDataException e) {
                out.println(file.path().getFileName() + ": refused: " + e.detailed());
                ok = false;
            }
        }
        if (!ok) {
            return 2;
        }
        try { // as start-up would: over the built-in years, contiguous, no date listed twice
            HolidayData.builtIn().forEach(year -> all.put(year.year(), year));
            all.putAll(checked);
            HolidayCalendar calendar = HolidayCalendar.of(all.values(), Set.of(), Clock.systemUTC());
            out.println("with the built-in years: serves " + calendar.first() + " to " + calendar.last());
            for (Folder.File file : confirming) {
                int year = Integer.parseInt(file.stem());
                ok &= !checked.containsKey(year) || compare(calendar, year, file, out);
            }
            return ok ? 0 : 2;
        } catch (HolidayDataException e) {
            out.println("with the built-in years: refused: " + e.getMessage());
            return 2;
        }
    }

    /** The YYYY.json files at {@code path}, or null when there are none (said on {@code out}). */
    private static List<Folder.File> yearFiles(Path path, PrintStream out) {
        try {
            boolean folder = Files.isDirectory(path);
            List<Folder.File> files = folder ? HolidayData.yearFiles(path) : List.of();
            String problem = !folder && !Files.isRegularFile(path)
                    ? "no such file or folder"
                    : folder && files.isEmpty()
                            ? "no YYYY.json file in this folder"
                            : !folder && !HolidayData.isYearFile(path)
                                    ? "a holiday file must be named after its year, e.g. 2027.json"
                                    : null;
            if (problem == null) {
                return folder ? files : List.of(Folder.named(path, HolidayData.MAX_FILE));
            }
            out.println(path + ": " + problem);
        } catch (IOException e) {
            out.println(path + ": cannot be read (" + e.getMessage() + ")");
        }
        return null;
    }

    /** Compares one checked year with chinese-days' file of the same calendar year; true when none disagrees. */
    private static boolean compare(HolidayCalendar calendar, int year, Folder.File file, PrintStream out) {
        String name = "chinese-days " + file.path().getFileName();
        try {
            HolidayYear other = ChineseDaysFile.parse(file.path().toString(), year, HolidayData.bytes(file));
            List<Confirmation.Dispute> disputes = Confirmation.disputes(calendar, other);
            out.println(name
                    + (other.days().isEmpty()
                            ? ": lists no days: nothing to compare"
                            : disputes.isEmpty()
                                    ? ": agrees on every date of " + year
                                    : ": disagrees on " + plural(disputes.size(), "date", "dates")));
            disputes.forEach(d -> out.println("  " + d));
            return disputes.isEmpty();
        } catch (HolidayDataException e) {
            out.println(name + ": refused: " + e.detailed());
            return false;
        }
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
