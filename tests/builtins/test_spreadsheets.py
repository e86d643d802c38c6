"""xlsread of .xlsx workbooks (written here part by part with zipfile, as Excel writes them, a formula with its
cached value, which openpyxl cannot write). Octave's
xlsread needs its io package, so the expected values follow MATLAB's documentation: num without leading and
trailing rows and columns of no number, txt with '' where no text, raw with NaN where empty."""
import zipfile

import numpy as np
import pytest

from engine import Session
from session_helpers import run

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def workbook(path, sheets, shared):
    """An .xlsx file of sheets [(name, the <row> elements)] and shared texts."""
    package = "http://schemas.openxmlformats.org/package/2006"
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", f'<Types xmlns="{package}/content-types">'
                   f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   f'<Default Extension="xml" ContentType="application/xml"/>'
                   f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
                   f'<Override PartName="/xl/sharedStrings.xml" ContentType="{kind}.sharedStrings+xml"/>' + "".join(
                       f'<Override PartName="/xl/worksheets/sheet{k + 1}.xml" ContentType="{kind}.worksheet+xml"/>'
                       for k in range(len(sheets))) + "</Types>")
        z.writestr("_rels/.rels", f'<Relationships xmlns="{package}/relationships"><Relationship Id="rId1" Type="'
                   'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
                   'Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships"><sheets>' + "".join(
                       f'<sheet name="{n}" sheetId="{k + 1}" r:id="rId{k + 1}"/>' for k, (n, _) in enumerate(sheets))
                   + "</sheets></workbook>")
        z.writestr("xl/_rels/workbook.xml.rels", '<Relationships xmlns="http://schemas.openxmlformats.org/package/'
                   '2006/relationships">' + "".join(f'<Relationship Id="rId{k + 1}" Type="worksheet" '
                                                    f'Target="worksheets/sheet{k + 1}.xml"/>' for k in range(len(sheets)))
                   + "</Relationships>")
        z.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}">' + "".join(f"<si><t>{t}</t></si>" for t in shared)
                   + '<si><r><t>rich </t></r><r><t>text</t></r></si></sst>')
        for k, (_, rows) in enumerate(sheets):
            z.writestr(f"xl/worksheets/sheet{k + 1}.xml", f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>')


DATA = ('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        '<row r="2"><c r="A2"><v>1.5</v></c><c r="B2"><v>2</v></c></row>'
        '<row r="3"><c r="A3"><v>3</v></c><c r="B3" t="inlineStr"><is><t>n/a</t></is></c><c r="C3" t="b"><v>1</v></c></row>'
        '<row r="4"><c r="A4"><f>A2*2</f><v>3</v></c><c r="B4" t="e"><v>#DIV/0!</v></c><c r="D4" t="s"><v>2</v></c></row>')


@pytest.fixture
def session(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    workbook(tmp_path / "d.xlsx", [("Data", DATA), ("Other", '<row r="2"><c r="B2"><v>7</v></c></row>')],
             ["time", "temp"])
    return Session(device="cpu")



def test_numbers_texts_and_raw_cells(session):
    run(session, "[num, txt, raw] = xlsread('d.xlsx'); t21 = txt{2, 1}; r34 = class(raw{3, 3}); r44 = raw{4, 2};")
    np.testing.assert_array_equal(session.get("num"), [[1.5, 2, np.nan], [3, np.nan, 1], [3, np.nan, np.nan]])
    txt = session.get("txt")
    assert txt.shape == (4, 4) and [txt[0, 0], txt[2, 1], txt[3, 3]] == ["time", "n/a", "rich text"]
    assert session.get("t21") == "" and session.execute("disp(size(t21))").stdout.split() == ["0", "0"]   # 0x0
    raw = session.get("raw")
    assert raw.shape == (4, 4) and raw[1, 0] == 1.5 and np.isnan(raw[0, 2])
    assert session.get("r34") == "logical" and session.get("r44") == "#DIV/0!"


def test_sheets_and_ranges(session):
    run(session, "a = xlsread('d.xlsx', 'Other'); b = xlsread('d.xlsx', 2); c = xlsread('d.xlsx', 'A2:B3'); "
                 "d = xlsread('d.xlsx', 'Data', 'B2:C4', 'basic'); [e, et] = xlsread('d.xlsx', 'A1:B1');")
    assert session.get("a") == 7.0 and session.get("b") == 7.0
    np.testing.assert_array_equal(session.get("c"), [[1.5, 2], [3, np.nan]])
    np.testing.assert_array_equal(session.get("d"), [[2, np.nan], [np.nan, 1]])
    assert session.get("e").shape == (0, 0) and session.get("et").shape == (1, 2)


@pytest.mark.parametrize("code, ident", [
    ("xlsread('missing.xlsx')", "MATLAB:xlsread:FileNotFound"),
    ("xlsread('old.xls')", "MATLAB:xlsread:FileFormat"),
    ("xlsread('d.xlsx', 'Nope')", "MATLAB:xlsread:WorksheetNotFound"),
    ("xlsread('d.xlsx', 3)", "MATLAB:xlsread:WorksheetNotFound"),
    ("xlsread('d.xlsx', 'Data', 'A1:ZZZZ')", "MATLAB:xlsread:InvalidRange")])
def test_errors(session, tmp_path, code, ident):
    (tmp_path / "old.xls").write_bytes(b"\xd0\xcf\x11\xe0 binary BIFF")
    r = session.execute(code)
    assert r.error is not None and r.error.identifier == ident


def test_a_workbook_written_by_openpyxl_with_a_date(tmp_path, monkeypatch):
    """A date cell is its Excel serial number in num (2024-01-02 is day 45293 of Excel's calendar)."""
    import datetime

    import openpyxl
    book = openpyxl.Workbook()
    book.active.append(["when", "x"])
    book.active.append([datetime.date(2024, 1, 2), 2.5])
    book.save(tmp_path / "o.xlsx")
    monkeypatch.chdir(tmp_path)
    s = Session(device="cpu")
    run(s, "[num, txt] = xlsread('o.xlsx');")
    np.testing.assert_array_equal(s.get("num"), [[45293, 2.5]])
    assert list(s.get("txt").ravel()) == ["when", "x"]


@pytest.fixture
def results(tmp_path, monkeypatch):
    """A workbook openpyxl writes: a title row, a header row and four rows of numbers and logical values on
    sheet 'Run 1'; two numbers and a text on sheet 'Other'."""
    import openpyxl
    book = openpyxl.Workbook()
    run1 = book.active
    run1.title = "Run 1"
    run1.append(["Experiment results"])
    run1.append(["time", "temp", "ok"])
    for k in range(4):
        run1.append([k * 0.5, 20 + k, k % 2 == 0])
    other = book.create_sheet("Other")
    other["B2"], other["C2"], other["C3"] = 7, 8, "x"
    book.save(tmp_path / "r.xlsx")
    monkeypatch.chdir(tmp_path)
    return Session(device="cpu")


def test_readmatrix_of_a_workbook(results):
    data = [[0, 20, 1], [0.5, 21, 0], [1, 22, 1], [1.5, 23, 0]]
    run(results, "a = readmatrix('r.xlsx'); b = readmatrix('r.xlsx', 'Sheet', 'Other'); "
                 "c = readmatrix('r.xlsx', 'Sheet', 1, 'Range', 'A3:B4'); d = readmatrix('r.xlsx', 'Range', 'B4'); "
                 "e = readmatrix('r.xlsx', 'NumHeaderLines', 3);")
    np.testing.assert_array_equal(results.get("a"), data)
    np.testing.assert_array_equal(results.get("b"), [[7, 8], [np.nan, np.nan]])
    np.testing.assert_array_equal(results.get("c"), [[0, 20], [0.5, 21]])
    np.testing.assert_array_equal(results.get("d"), [[21, 0], [22, 1], [23, 0]])
    np.testing.assert_array_equal(results.get("e"), data[1:])


def test_readtable_of_a_workbook(results):
    run(results, "T = readtable('r.xlsx', 'NumHeaderLines', 1); n = T.Properties.VariableNames; "
                 "U = readtable('r.xlsx', 'Range', 'A2:B4');")
    assert list(results.get("n").ravel()) == ["time", "temp", "ok"]
    assert results.execute("disp([T.time'; T.temp'; T.ok'])").stdout.split() == \
        ["0", "0.5000", "1.0000", "1.5000", "20.0000", "21.0000", "22.0000", "23.0000",
         "1.0000", "0", "1.0000", "0"]
    assert results.execute("disp(size(U)); disp(U.temp')").stdout.split() == ["2", "2", "20", "21"]


@pytest.mark.parametrize("code, ident", [
    ("readmatrix('r.xls')", "MATLAB:readmatrix:FileFormat"),
    ("readtable('r.ods')", "MATLAB:readtable:FileFormat"),
    ("readtable('missing.xlsx')", "MATLAB:readtable:FileNotFound"),
    ("readtable('r.xlsx', 'Sheet', 'Nope')", "MATLAB:readtable:WorksheetNotFound"),
    ("readmatrix('r.xlsx', 'Range', 'A1:C')", "MATLAB:readmatrix:InvalidRange"),
    ("readmatrix('r.xlsx', 'Delimiter', ',')", "MATLAB:readmatrix:InvalidParameter")])
def test_workbook_errors(results, tmp_path, code, ident):
    for name in ("r.xls", "r.ods"):
        (tmp_path / name).write_bytes(b"\xd0\xcf\x11\xe0 not a zip archive")
    r = results.execute(code)
    assert r.error is not None and r.error.identifier == ident, r.error


def test_writematrix_and_writetable_into_workbooks(session):
    """The cells get the values themselves (logical ones as TRUE and FALSE, NaN an empty cell), from the
    range's first cell of the sheet named (made where missing), the rest of the workbook kept; 'append'
    writes below the last row, 'replacefile' starts a new workbook."""
    import openpyxl
    run(session, "writematrix([1 2; 3 NaN], 'w.xlsx'); writematrix(magic(3), 'w.xlsx', 'Sheet', 'Magic', "
                 "'Range', 'B2'); writematrix([7 8], 'w.xlsx', 'WriteMode', 'append'); "
                 "writematrix([true false], 'w.xlsx', 'Sheet', 2, 'Range', 'E1'); a = readmatrix('w.xlsx'); "
                 "T = table([1; 2], {'a'; 'b'}, [true; false], 'VariableNames', {'x', 'name', 'ok'}); "
                 "writetable(T, 't.xlsx', 'Sheet', 'T'); U = readtable('t.xlsx', 'Sheet', 'T'); u = U.name';")
    np.testing.assert_array_equal(session.get("a"), [[1, 2], [3, np.nan], [7, 8]])
    book = openpyxl.load_workbook("w.xlsx")
    assert book.sheetnames == ["Sheet1", "Magic"] and book["Sheet1"]["B2"].value is None
    assert [c.value for c in book["Magic"][2]][:4] == [None, 8, 1, 6] and book["Magic"]["E1"].value is True
    assert [c.value for c in openpyxl.load_workbook("t.xlsx")["T"][2]] == [1, "a", True]
    assert list(session.get("u").ravel()) == ["a", "b"]
    run(session, "writematrix(5, 'w.xlsx', 'WriteMode', 'replacefile'); b = readmatrix('w.xlsx');")
    assert session.get("b") == 5.0 and openpyxl.load_workbook("w.xlsx").sheetnames == ["Sheet1"]


@pytest.mark.parametrize("code, ident", [
    ("writematrix(1, 'w.xls')", "MATLAB:writematrix:FileFormat"),
    ("writematrix(1 + 2i, 'w.xlsx')", "MATLAB:writematrix:ComplexData"),
    ("writematrix(1, 'w.xlsx', 'Sheet', 3)", "MATLAB:writematrix:WorksheetNotFound"),
    ("writematrix(1, 'w.xlsx', 'WriteMode', 'overwrite')", "MATLAB:writematrix:InvalidWriteMode"),
    ("writetable(table(1), 'w.xlsx', 'Delimiter', ',')", "MATLAB:writetable:InvalidParameter")])
def test_workbook_write_errors(session, code, ident):
    r = session.execute(code)
    assert r.error is not None and r.error.identifier == ident, r.error
