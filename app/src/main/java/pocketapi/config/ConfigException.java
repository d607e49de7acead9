package pocketapi.config;

/** A setting has a value the service cannot use; the message names the setting and what is accepted. */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }
}
