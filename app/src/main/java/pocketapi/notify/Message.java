package pocketapi.notify;

import java.time.LocalDate;

/** One message to a target. */
public record Message(String event, String title, String text, LocalDate date, String url, String day) {}
