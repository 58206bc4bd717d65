"""Game families: each family's workbook, reader, rebuild adapter and importer, in one folder."""
