package dev.castcheck.kit;

/** An illegal action, with a reason code of schema/trace.schema.json (or its family's own code). */
public class Rejected extends Exception {
    private final String reason;

    public Rejected(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
