// Writes a Bridgemate-style .bws (an Access 2000 / Jet 4 database) with Jackcess, a real
// Access writer (https://jackcess.sourceforge.io, Apache-2.0). Run by make_bws.py:
//   java -cp jackcess.jar:commons-lang3.jar:commons-logging.jar MakeBws.java ROWS.tsv OUT.bws [individual]
// ROWS.tsv: one row a line, "TableName<TAB>value<TAB>value...", in the column order below;
// an empty value is NULL, AUTO is the next AutoNumber, a number in the ID column is that ID
// (AutoNumber insert allowed, as when Access compacts or appends rows from another file).
// "individual": RoundData and ReceivedData get Bridgemate's individual columns South and West
// (ReceivedData: after PairEW, as TabScore's INSERT lists them; RoundData: at the end).
// The tables and columns are Bridgemate's (Section, Tables, RoundData, ReceivedData); the
// column types and lengths are documented in tests/data/bws/README.md.

import com.healthmarketscience.jackcess.ColumnBuilder;
import com.healthmarketscience.jackcess.DataType;
import com.healthmarketscience.jackcess.Database;
import com.healthmarketscience.jackcess.DatabaseBuilder;
import com.healthmarketscience.jackcess.DateTimeType;
import com.healthmarketscience.jackcess.Table;
import com.healthmarketscience.jackcess.TableBuilder;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class MakeBws {
    private static ColumnBuilder col(String name, DataType type) {
        return new ColumnBuilder(name, type);
    }

    private static ColumnBuilder text(String name, int chars) {
        return new ColumnBuilder(name, DataType.TEXT).setLengthInUnits((short) chars);
    }

    private static ColumnBuilder autoId() {
        return new ColumnBuilder("ID", DataType.LONG).setAutoNumber(true);
    }

    /** Bridgemate's tables, in the order Bridgemate Control Software lists them. */
    private static Map<String, List<ColumnBuilder>> schema(boolean individual) {
        Map<String, List<ColumnBuilder>> s = new LinkedHashMap<>();
        s.put("Section", List.of(
            col("ID", DataType.INT), text("Letter", 1), col("Tables", DataType.INT),
            col("MissingPair", DataType.INT), col("EWMoveBeforePlay", DataType.INT),
            col("Session", DataType.INT), col("ScoringType", DataType.INT),
            col("Winners", DataType.LONG)));
        s.put("Tables", List.of(
            col("Section", DataType.INT), col("Table", DataType.INT),
            col("ComputerID", DataType.INT), col("Status", DataType.INT),
            col("LogOnOff", DataType.INT), col("CurrentRound", DataType.INT),
            col("CurrentBoard", DataType.INT), col("Group", DataType.INT)));
        s.put("RoundData", List.of(
            col("Section", DataType.INT), col("Table", DataType.INT), col("Round", DataType.INT),
            col("NSPair", DataType.INT), col("EWPair", DataType.INT),
            col("LowBoard", DataType.INT), col("HighBoard", DataType.INT),
            text("CustomBoards", 127)));
        List<ColumnBuilder> seats = individual
            ? List.of(col("South", DataType.INT), col("West", DataType.INT)) : List.of();
        List<ColumnBuilder> round = new ArrayList<>(s.get("RoundData"));
        round.addAll(seats);
        s.put("RoundData", round);
        List<ColumnBuilder> received = new ArrayList<>(List.of(
            autoId(), col("Section", DataType.INT), col("Table", DataType.INT),
            col("Round", DataType.INT), col("Board", DataType.INT),
            col("PairNS", DataType.INT), col("PairEW", DataType.INT)));
        received.addAll(seats);
        received.addAll(List.of(
            col("Declarer", DataType.INT), text("NS/EW", 2), text("Contract", 10),
            text("Result", 10), text("LeadCard", 10), text("Remarks", 50),
            col("DateLog", DataType.SHORT_DATE_TIME), col("TimeLog", DataType.SHORT_DATE_TIME),
            col("Processed", DataType.BOOLEAN), col("Processed1", DataType.BOOLEAN),
            col("Processed2", DataType.BOOLEAN), col("Processed3", DataType.BOOLEAN),
            col("Processed4", DataType.BOOLEAN), col("Erased", DataType.BOOLEAN)));
        s.put("ReceivedData", received);
        return s;
    }

    private static Object value(String text, DataType type) {
        if (text.isEmpty()) {
            return null;
        }
        if (text.equals("AUTO")) {
            return com.healthmarketscience.jackcess.Column.AUTO_NUMBER;
        }
        switch (type) {
            case INT:
                return Short.valueOf(text);
            case LONG:
                return Integer.valueOf(text);
            case BOOLEAN:
                return Boolean.valueOf(text.equals("1") || text.equalsIgnoreCase("true"));
            case SHORT_DATE_TIME:
                return LocalDateTime.parse(text);
            default:
                return text;
        }
    }

    public static void main(String[] args) throws Exception {
        File rows = new File(args[0]);
        File out = new File(args[1]);
        if (out.exists() && !out.delete()) {
            throw new IllegalStateException("cannot replace " + out);
        }
        boolean individual = args.length > 2 && args[2].equals("individual");
        Map<String, List<ColumnBuilder>> schema = schema(individual);
        try (Database db = new DatabaseBuilder(out)
                .setFileFormat(Database.FileFormat.V2000)
                .create()) {
            db.setDateTimeType(DateTimeType.LOCAL_DATE_TIME);
            db.setAllowAutoNumberInsert(true);
            Map<String, Table> tables = new LinkedHashMap<>();
            for (Map.Entry<String, List<ColumnBuilder>> e : schema.entrySet()) {
                TableBuilder tb = new TableBuilder(e.getKey());
                for (ColumnBuilder c : e.getValue()) {
                    tb.addColumn(c);
                }
                tables.put(e.getKey(), tb.toTable(db));
            }
            for (String line : Files.readAllLines(rows.toPath(), StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                List<ColumnBuilder> cols = schema.get(f[0]);
                if (cols == null || f.length - 1 != cols.size()) {
                    throw new IllegalArgumentException("bad row: " + line);
                }
                List<Object> vals = new ArrayList<>();
                for (int i = 0; i < cols.size(); i++) {
                    vals.add(value(f[i + 1], cols.get(i).getType()));
                }
                tables.get(f[0]).addRow(vals.toArray());
            }
        }
    }
}
