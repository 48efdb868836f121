// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF report's branding (ui/report/Branding, ReportLogo; Plan › Properties; Preferences): the
// organisation and a logo on the cover and in every page header, read back from the PDF with
// poppler (pdftotext, pdfimages); a logo that cannot be used is named with the field and value and
// left out while the PDF is still written; Preferences supply what a plan leaves empty.
#include "PdfText.h"
#include "UiTestFixtures.h"

#include "ExportActions.h"
#include "MainWindow.h"
#include "PlanPropertiesDialog.h"
#include "PreferencesDialog.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "report/Branding.h"
#include "report/LogoPathEdit.h"
#include "report/PlanReport.h"
#include "report/ReportLogo.h"

#include "catalog/CatalogLoader.h"
#include "plan/PlanIo.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QPainter>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace gpuplan;
using namespace gpuplan::ui;
using namespace gpuplan::ui::report;
using gpuplan::test::poppler;

namespace {

const QString kOrganisation = QStringLiteral("Example Research Lab");

// A 120 x 40 logo: opaque, so the PDF holds it as one RGB image (no soft mask).
void writePng(const QString &path, QSize size = QSize(120, 40))
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QImage image(size, QImage::Format_RGB32);
    image.fill(QColor(0x23, 0x50, 0x8a));
    QPainter p(&image);
    p.fillRect(QRect(QPoint(size.width() / 8, size.height() / 4), size / 2), QColor(0xf4, 0xa2, 0x1c));
    p.end();
    QVERIFY(image.save(path, "PNG"));
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
}

struct PdfImage
{
    int page = 0;
    int width = 0;
    int height = 0;
};

// `pdfimages -list`: a two-line header, then "page num type width height ..." per image drawn.
std::vector<PdfImage> pdfImages(const QString &pdf)
{
    std::vector<PdfImage> images;
    const QStringList lines = poppler(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf}).split(QLatin1Char('\n'));
    for (const QString &line : lines.mid(2)) {
        const QStringList cols = line.simplified().split(QLatin1Char(' '));
        if (cols.size() > 4 && cols[2] == QLatin1String("image"))
            images.push_back({cols[0].toInt(), cols[3].toInt(), cols[4].toInt()});
    }
    return images;
}

// The example plan saved into dir with the given branding fields.
QString savePlan(const QTemporaryDir &dir, const QString &organisation, const QString &logo)
{
    PlanController c(bundledCatalog());
    QString error;
    if (!c.openFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan"), error) ||
        !c.setText(QStringLiteral("report.organisation"), organisation, &error) ||
        !c.setText(QStringLiteral("report.logo"), logo, &error) ||
        !c.saveAs(dir.filePath(QStringLiteral("plan.gpuplan")), error))
        qWarning("%s", qPrintable(error));
    return dir.filePath(QStringLiteral("plan.gpuplan"));
}

ReportOptions fixedOptions(const BrandingDefaults &defaults = {})
{
    ReportOptions options;
    options.date = QDate(2026, 3, 14);
    options.generator = QStringLiteral("gpuplan test");
    options.branding = defaults;
    return options;
}

ReportDocument reportFor(const PlanController &c, const BrandingDefaults &defaults)
{
    QString error;
    auto rp = prepareReportPlan(c, error);
    return buildReport({rp.get()}, fixedOptions(defaults));
}

} // namespace

class TestReportBranding final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void logoAndOrganisationOnCoverAndEveryHeader() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        writePng(dir.filePath(QStringLiteral("brand/logo.png")));
        // A relative logo path is read from the plan file's folder.
        const QString plan = savePlan(dir, kOrganisation, QStringLiteral("brand/logo.png"));
        const QString pdf = dir.filePath(QStringLiteral("branded.pdf"));
        const RenderResult r = exportPlanFiles({plan}, pdf, fixedOptions());
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
        QVERIFY(r.pages >= 5);

        // The cover, a page in the middle and the last page all name the organisation.
        for (int page : {1, 3, r.pages}) {
            const QString text = test::pdfText(pdf, page);
            QVERIFY2(text.contains(kOrganisation), qPrintable(QStringLiteral("page %1:\n%2").arg(page).arg(text.left(600))));
        }
        // The header line of page 3 holds organisation, title and date together.
        QString header;
        for (const QString &line : test::pdfText(pdf, 3).split(QLatin1Char('\n'))) {
            if (!line.trimmed().isEmpty()) {
                header = line;
                break;
            }
        }
        QVERIFY2(header.contains(kOrganisation) && header.contains(QStringLiteral("2026-03-14")), qPrintable(header));

        // The logo is embedded as an image at its own 120 x 40 pixels, on the cover and in the headers.
        QSet<int> pages;
        for (const PdfImage &img : pdfImages(pdf)) {
            if (img.width == 120 && img.height == 40)
                pages.insert(img.page);
        }
        QVERIFY2(pages.contains(1) && pages.contains(3) && pages.contains(r.pages),
                 qPrintable(poppler(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf})));
        QCOMPARE(int(pages.size()), r.pages);
    }

    void missingLogoIsNamedAndLeftOut() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString plan = savePlan(dir, kOrganisation, QStringLiteral("missing.png"));
        const QString pdf = dir.filePath(QStringLiteral("nologo.pdf"));
        const RenderResult r = exportPlanFiles({plan}, pdf, fixedOptions());
        QVERIFY2(r.ok, qPrintable(r.error));   // the PDF is still written
        QCOMPARE(r.warnings.size(), 1);
        const QString w = r.warnings.front();
        QVERIFY2(w.startsWith(QStringLiteral("report.logo: \"missing.png\": file not found")), qPrintable(w));
        QVERIFY2(w.contains(QDir::cleanPath(dir.filePath(QStringLiteral("missing.png")))), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("expected a PNG, JPEG or SVG file that can be read")), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("without the logo")), qPrintable(w));
        QVERIFY(pdfImages(pdf).empty());
        QVERIFY(test::pdfText(pdf, 1).contains(kOrganisation));
    }

    // File › Export › Plan summary: the PDF is written and the user is told what was left out.
    void desktopExportTellsWhatWasLeftOut() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString plan = savePlan(dir, kOrganisation, QStringLiteral("logos/missing.svg"));
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        PlanController c(bundledCatalog());
        QString error;
        QVERIFY2(c.openFile(plan, error), qPrintable(error));
        MainWindow window(&c, &settings);
        const QString target = dir.filePath(QStringLiteral("summary.pdf"));
        window.exports()->setSaveChooser([&target](const QString &, const QString &, const QString &, QString *) { return target; });
        QStringList errors, infos;
        window.exports()->setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
        window.exports()->setInfoReporter([&infos](const QString &, const QString &text) { infos << text; });
        QVERIFY(window.exports()->exportPdf());
        QVERIFY(errors.isEmpty());
        QCOMPARE(infos.size(), 1);
        QVERIFY2(infos.front().contains(QStringLiteral("report.logo: \"logos/missing.svg\": file not found")),
                 qPrintable(infos.front()));
        QVERIFY(test::pdfText(target, 1).contains(kOrganisation));
    }

    void logosThatCannotBeUsed() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString planFile = dir.filePath(QStringLiteral("plan.gpuplan"));
        writeText(dir.filePath(QStringLiteral("fake.png")), "not an image at all");
        QDir(dir.path()).mkdir(QStringLiteral("folder.png"));
        writePng(dir.filePath(QStringLiteral("huge.png")), QSize(ReportLogo::kMaxPixels + 1, 2));
        QString error;
        QVERIFY(!checkLogo(QStringLiteral("fake.png"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("is not a PNG or JPEG image")), qPrintable(error));
        QVERIFY(!checkLogo(QStringLiteral("folder.png"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("not a file")), qPrintable(error));
        QVERIFY(!checkLogo(QStringLiteral("huge.png"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("is 8193 × 2 pixels; logos of up to 8192 × 8192 are read")), qPrintable(error));
        QVERIFY(!checkLogo(QStringLiteral("logo.gif"), planFile, error));
        QVERIFY2(error.contains(QStringLiteral("not a PNG, JPEG or SVG file name")), qPrintable(error));
        // An unsaved plan has no folder for a relative path.
        QVERIFY(!checkLogo(QStringLiteral("logo.png"), QString(), error));
        QVERIFY2(error.contains(QStringLiteral("relative path")), qPrintable(error));
        QVERIFY(!checkLogo(QString(), planFile, error) && error.isEmpty());   // no logo, no problem

        // A tall logo keeps its aspect ratio in the header and is narrowed to the room it gets.
        writePng(dir.filePath(QStringLiteral("tall.png")), QSize(100, 600));
        const auto tall = checkLogo(QStringLiteral("tall.png"), planFile, error);
        QVERIFY2(tall, qPrintable(error));
        QCOMPARE(tall->sizeFor(24, 1000), QSizeF(4, 24));
        QCOMPARE(tall->description(), QStringLiteral("PNG, 100 × 600 pixels"));
        writePng(dir.filePath(QStringLiteral("wide.png")), QSize(1000, 10));
        QCOMPARE(checkLogo(QStringLiteral("wide.png"), planFile, error)->sizeFor(24, 200), QSizeF(200, 2));

#ifdef GPUPLAN_HAVE_SVG
        writeText(dir.filePath(QStringLiteral("mark.svg")),
                  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 300 100' width='300' height='100'>"
                  "<rect width='300' height='100' fill='#23508a'/></svg>");
        const auto svg = checkLogo(QStringLiteral("mark.svg"), planFile, error);
        QVERIFY2(svg, qPrintable(error));
        QCOMPARE(svg->description(), QStringLiteral("SVG, 300 × 100"));
        QCOMPARE(svg->sizeFor(24, 1000), QSizeF(72, 24));
        writeText(dir.filePath(QStringLiteral("broken.svg")), "<svg");
        QVERIFY(!checkLogo(QStringLiteral("broken.svg"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("is not a valid SVG image")), qPrintable(error));
#endif
    }

    // A plan's logo cannot read a file outside the plan's folder into the PDF: not by an absolute
    // path, not by "..", not through a link, not from inside an SVG.
    void planLogosStayInThePlansFolder() const
    {
        QTemporaryDir outside(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString secret = outside.filePath(QStringLiteral("secret.png"));
        writePng(secret);
        const QString planFile = dir.filePath(QStringLiteral("plan.gpuplan"));
        QString error;
        QVERIFY(!checkLogo(secret, planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("an absolute path")), qPrintable(error));
        const QString up = QStringLiteral("../") + QFileInfo(outside.path()).fileName() + QStringLiteral("/secret.png");
        QVERIFY(!checkLogo(up, planFile, error));
        QVERIFY2(error.contains(QStringLiteral("leaves the plan's folder")), qPrintable(error));
        QVERIFY(QFile::link(secret, dir.filePath(QStringLiteral("link.png"))));
        QVERIFY(!checkLogo(QStringLiteral("link.png"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("a link to a file outside the plan's folder")), qPrintable(error));
        // The Preferences' logo is the user's own: an absolute path is fine there.
        QVERIFY2(checkLogo(secret, QString(), error), qPrintable(error));

        // The report leaves such a logo out and says why.
        const QString plan = savePlan(dir, kOrganisation, secret);
        QStringList warnings;
        Plan loaded;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(plan.toStdString(), &bundledCatalog(), loaded, errors));
        const Branding b = resolveBranding(loaded, plan, {}, warnings);
        QVERIFY(!b.logo);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.front().startsWith(QStringLiteral("report.logo: \"") + secret + QStringLiteral("\": an absolute path")),
                 qPrintable(warnings.front()));

#ifdef GPUPLAN_HAVE_SVG
        writeText(dir.filePath(QStringLiteral("wrapper.svg")),
                  "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                  "viewBox='0 0 100 100'><image width='100' height='100' xlink:href='" + secret.toUtf8() + "'/></svg>");
        QVERIFY(!checkLogo(QStringLiteral("wrapper.svg"), planFile, error));
        QVERIFY2(error.startsWith(QStringLiteral("the SVG refers to another file (<image href=")), qPrintable(error));
        writeText(dir.filePath(QStringLiteral("entities.svg")),
                  "<!DOCTYPE svg [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>"
                  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><text>&e;</text></svg>");
        QVERIFY(!checkLogo(QStringLiteral("entities.svg"), planFile, error));
        QVERIFY2(error.contains(QStringLiteral("entities")), qPrintable(error));
        // References inside the document and embedded images stay allowed.
        writeText(dir.filePath(QStringLiteral("inside.svg")),
                  "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' viewBox='0 0 10 10'>"
                  "<defs><rect id='r' width='10' height='10'/></defs><use xlink:href='#r'/></svg>");
        QVERIFY2(checkLogo(QStringLiteral("inside.svg"), planFile, error), qPrintable(error));
#endif
    }

    void preferencesFillWhatThePlanLeavesEmpty() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString logo = dir.filePath(QStringLiteral("default.png"));
        writePng(logo);
        PlanController c(bundledCatalog());
        const BrandingDefaults defaults{QStringLiteral("Default Org"), logo};
        ReportDocument doc = reportFor(c, defaults);
        QCOMPARE(doc.organisation, QStringLiteral("Default Org"));
        QVERIFY(doc.logo);
        QVERIFY(doc.warnings.isEmpty());
        QVERIFY(doc.plainText().contains(QStringLiteral("Default Org")));
        const Table *cover = doc.table(QStringLiteral("cover"));
        QVERIFY(cover);
        QCOMPARE(cover->rows.front().cells, (QStringList{QStringLiteral("Plan"), QStringLiteral("Untitled plan")}));
        QCOMPARE(cover->rows[1].cells, (QStringList{QStringLiteral("Organisation"), QStringLiteral("Default Org")}));

        // The plan's own value wins.
        QVERIFY(c.setText(QStringLiteral("report.organisation"), kOrganisation));
        doc = reportFor(c, defaults);
        QCOMPARE(doc.organisation, kOrganisation);

        // A default logo that went missing is named as the preference it came from.
        doc = reportFor(c, {QString(), dir.filePath(QStringLiteral("gone.png"))});
        QVERIFY(!doc.logo);
        QCOMPARE(doc.warnings.size(), 1);
        QVERIFY2(doc.warnings.front().startsWith(QStringLiteral("Preferences › PDF report logo: \"")),
                 qPrintable(doc.warnings.front()));

        // Without any branding the cover has no organisation row and the report no logo.
        PlanController plain(bundledCatalog());
        doc = reportFor(plain, {});
        QVERIFY(doc.organisation.isEmpty() && !doc.logo && doc.warnings.isEmpty());
        QCOMPARE(doc.table(QStringLiteral("cover"))->rows[1].cells.front(), QStringLiteral("Prepared by"));
    }

    void propertiesDialogEditsAsUndoSteps() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        QVERIFY(settings.setReportOrganisation(QStringLiteral("Default Org")));
        PlanController c(bundledCatalog());
        {
            PlanPropertiesDialog d(&c, settings);
            QCOMPARE(d.field(QStringLiteral("report.organisation"))->placeholderText(),
                     QStringLiteral("Default Org (from Preferences)"));
            d.field(QStringLiteral("report.organisation"))->setText(QString(201, QLatin1Char('o')));
            d.field(QStringLiteral("report.logo"))->setText(QStringLiteral("logo.png"));
            d.accept();
            QVERIFY2(d.error().startsWith(QStringLiteral("report.organisation: text of 201 bytes; expected text of at "
                                                         "most 200 characters")),
                     qPrintable(d.error()));
            QCOMPARE(d.result(), int(QDialog::Rejected));
            QCOMPARE(c.undoStack()->count(), 0);   // nothing half-applied
            QVERIFY(c.plan().report.logo.empty());

            d.field(QStringLiteral("report.organisation"))->setText(kOrganisation);
            d.field(QStringLiteral("report.logo"))->setText(QStringLiteral("logo.tif"));
            d.accept();
            QVERIFY2(d.error().startsWith(QStringLiteral("report.logo: \"logo.tif\"; expected")), qPrintable(d.error()));
            QCOMPARE(c.undoStack()->count(), 0);

            d.field(QStringLiteral("report.logo"))->setText(QStringLiteral("brand/logo.png"));
            // An unsaved plan cannot resolve a relative path yet: the dialog says so, and keeps it.
            QVERIFY(!d.logo()->isUsable());
            QVERIFY2(d.logo()->status().contains(QStringLiteral("relative path")), qPrintable(d.logo()->status()));
            d.accept();
            QCOMPARE(d.result(), int(QDialog::Accepted));
        }
        QCOMPARE(c.plan().report.organisation, kOrganisation.toStdString());
        QCOMPARE(c.plan().report.logo, std::string("brand/logo.png"));
        QCOMPARE(c.undoStack()->count(), 2);   // one step per changed field
        QCOMPARE(c.undoStack()->text(1), QStringLiteral("Set Logo to \"brand/logo.png\""));
        c.undoStack()->undo();
        QVERIFY(c.plan().report.logo.empty());
        QCOMPARE(c.plan().report.organisation, kOrganisation.toStdString());
        c.undoStack()->undo();
        QVERIFY(c.plan().report.organisation.empty());
    }

    void preferencesStoreBrandingDefaults() const
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_reportbranding-XXXXXX"));
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        const QString logo = dir.filePath(QStringLiteral("default.png"));
        writePng(logo);
        {
            Settings settings(ini);
            PreferencesDialog d(&settings);
            d.organisation()->setText(QStringLiteral("  Default Org  "));
            d.logo()->setPath(QStringLiteral("default.png"));
            d.accept();
            QVERIFY2(d.error().contains(QStringLiteral("absolute path")), qPrintable(d.error()));
            QVERIFY(settings.reportOrganisation().isEmpty());   // a refused dialog stores nothing
            d.logo()->setPath(logo);
            QVERIFY(d.logo()->isUsable());
            QVERIFY2(d.logo()->status().startsWith(QStringLiteral("PNG, 120 × 40 pixels")), qPrintable(d.logo()->status()));
            d.accept();
            QVERIFY(d.error().isEmpty());
            QCOMPARE(settings.reportOrganisation(), QStringLiteral("Default Org"));
            QCOMPARE(settings.reportLogo(), logo);
            QVERIFY(!settings.setReportLogo(QStringLiteral("/srv/logo.gif")));
            QCOMPARE(settings.reportLogo(), logo);
            settings.sync();
        }
        // A hand-edited value outside the field's rule reads as no default.
        {
            QSettings raw(ini, QSettings::IniFormat);
            raw.setValue(QStringLiteral("report/logo"), QStringLiteral("/srv/logo.gif"));
            raw.setValue(QStringLiteral("report/organisation"), QString(300, QLatin1Char('o')));
        }
        Settings settings(ini);
        QVERIFY(settings.reportLogo().isEmpty());
        QVERIFY(settings.reportOrganisation().isEmpty());
    }
};

QTEST_MAIN(TestReportBranding)
#include "tst_reportbranding.moc"
