package pocketapi.holidays.update;

/**
 * What an updater's sources answered, one log per role: its update sources' (the mirrors a year is fetched from) and
 * its confirming sources'. A log keeps one entry per host, so a host asked in both roles (the defaults ask
 * cdn.jsdelivr.net for both) is one entry in each, told apart on /metrics by its role. Immutable; the logs are
 * thread-safe to read.
 */
public record UpdateOutcomes(OutcomeLog update, OutcomeLog confirm) {}
