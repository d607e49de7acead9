package pocketapi.holiday.source;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import pocketapi.holiday.Confirmation;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayGate;
import pocketapi.holiday.HolidayYear;

/**
 * {@code --check-holidays PATH [--confirm PATH2]}: the parse and the gate that start-up and the
 * updater apply, run offline on a file or a folder of {@code YYYY.json}, one line per year, so an
 * operator can try a file before dropping it into {@code HOLIDAY_DATA_DIR}. With {@code --confirm},
 * each year is also compared date by date with chinese-days' file (or folder of files) as the
 * updater compares them, and every date on which the two disagree is printed.
 */
public final class HolidayCheck {
    private HolidayCheck() {
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** @return 0 when every year would be served, 2 otherwise */
    public static int run(Path path, PrintStream out) {
        return run(path, null, out);
    }

    /**
     * @param confirm a chinese-days {@code YYYY.json} or a folder of them; null: no comparison
     * @return 0 when every year would be served and no date is disputed, 2 otherwise
     */
    public static int run(Path path, Path confirm, PrintStream out) {
        List<Path> files = yearFiles(path, out);
        if (files == null) {
            return 2;
        }
        List<Path> confirming = List.of();
        if (confirm != null) {
            confirming = yearFiles(confirm, out);
            if (confirming == null) {
                return 2;
            }
        }
        return check(files, confirming, out);
    }

    /** The YYYY.json files at {@code path}, or null when there are none (said on {@code out}). */
    private static List<Path> yearFiles(Path path, PrintStream out) {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try {
                files.addAll(HolidayData.yearFiles(path));
            } catch (java.io.IOException e) {
                out.println(path + ": cannot list the folder (" + e.getMessage() + ")");
                return null;
            }
            if (files.isEmpty()) {
                out.println(path + ": no YYYY.json file in this folder");
                return null;
            }
        } else if (!Files.isRegularFile(path)) {
            out.println(path + ": no such file or folder");
            return null;
        } else if (!HolidayData.isYearFile(path)) {
            out.println(path + ": a holiday file must be named after its year, e.g. 2027.json");
            return null;
        } else {
            files.add(path);
        }
        return files;
    }

    private static int check(List<Path> files, List<Path> confirming, PrintStream out) {
        boolean allServed = true;
        TreeMap<Integer, HolidayYear> served = new TreeMap<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            try {
                HolidayYear year = HolidayData.parseFile(file);
                HolidayGate.Verdict v = HolidayGate.check(year);
                String verdict = v.served() ? v.describe() : v.describe() + (v.kind() == HolidayGate.Kind.NOT_PUBLISHED
                        ? ": not served" : "");
                out.println(name + ": " + plural(v.daysOff(), "day off", "days off") + ", "
                        + plural(v.makeUpDays(), "make-up day", "make-up days") + ": " + verdict);
                if (v.served()) {
                    served.put(year.year(), year);
                } else {
                    allServed = false;
                }
            } catch (HolidayDataException e) {
                out.println(name + ": refused: " + e.detailed());
                allServed = false;
            }
        }
        if (allServed) {
            // As start-up would: over the built-in years, contiguous, no date listed twice.
            try {
                TreeMap<Integer, HolidayYear> all = new TreeMap<>();
                for (HolidayYear year : HolidayData.builtIn()) {
                    all.put(year.year(), year);
                }
                all.putAll(served);
                HolidayCalendar calendar = HolidayCalendar.of(all.values(), Set.of(), Clock.systemUTC());
                out.println("with the built-in years: serves " + calendar.first() + " to " + calendar.last());
                if (!confirming.isEmpty() && !compare(calendar, served.keySet(), confirming, out)) {
                    return 2;
                }
            } catch (HolidayDataException e) {
                out.println("with the built-in years: refused: " + e.getMessage());
                allServed = false;
            }
        }
        return allServed ? 0 : 2;
    }

    /** Compares each checked year with chinese-days' file of the same calendar year; true when none disagrees. */
    private static boolean compare(HolidayCalendar calendar, Set<Integer> years, List<Path> confirming, PrintStream out) {
        boolean agree = true;
        for (Path file : confirming) {
            int year = Integer.parseInt(file.getFileName().toString().substring(0, 4));
            if (!years.contains(year)) {
                continue;
            }
            String name = "chinese-days " + file.getFileName();
            try {
                HolidayYear other = ChineseDaysFile.parse(file.toString(), year, Files.readAllBytes(file));
                List<Confirmation.Dispute> disputes = Confirmation.disputes(calendar, other);
                if (other.days().isEmpty()) {
                    out.println(name + ": lists no days: nothing to compare");
                } else if (disputes.isEmpty()) {
                    out.println(name + ": agrees on every date of " + year);
                } else {
                    agree = false;
                    out.println(name + ": disagrees on " + disputes.size() + (disputes.size() == 1 ? " date" : " dates"));
                    for (Confirmation.Dispute d : disputes) {
                        out.println("  " + d);
                    }
                }
            } catch (HolidayDataException | java.io.IOException e) {
                out.println(name + ": refused: " + (e instanceof HolidayDataException h ? h.detailed() : e));
                agree = false;
            }
        }
        return agree;
    }
}
