// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/ScaledSpinBox.h"

#include "NumberText.h"

#include <QRegularExpression>

#include <cmath>

namespace gpuplan::ui {

namespace {

struct Suffix
{
    char letter;
    double scale;
};

const Suffix kSuffixes[] = {{'k', 1e3}, {'M', 1e6}, {'B', 1e9}, {'G', 1e9}, {'T', 1e12}, {'P', 1e15}};

} // namespace

ScaledSpinBox::ScaledSpinBox(QWidget *parent) : QDoubleSpinBox(parent)
{
    setDecimals(3);
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
}

void ScaledSpinBox::setLadder(std::vector<double> ladder)
{
    m_ladder = std::move(ladder);
}

bool ScaledSpinBox::parse(const QString &text, double &value)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([kKmMbBgGtTpP]?)\\s*$"));
    QString cleaned = text;
    cleaned.remove(QLatin1Char(','));
    const auto match = re.match(cleaned);
    if (!match.hasMatch())
        return false;
    bool ok = false;
    double v = match.captured(1).toDouble(&ok);
    if (!ok)
        return false;
    const QString suffix = match.captured(2);
    if (!suffix.isEmpty()) {
        const char c = suffix.at(0).toLatin1();
        for (const Suffix &s : kSuffixes) {
            if (std::toupper(c) == std::toupper(s.letter))
                v *= s.scale;
        }
    }
    value = v;
    return std::isfinite(v);
}

QString ScaledSpinBox::textFromValue(double value) const
{
    if (!specialValueText().isEmpty() && value == minimum())
        return specialValueText();
    const double a = std::fabs(value);
    for (int i = static_cast<int>(std::size(kSuffixes)) - 1; i >= 0; --i) {
        const Suffix &s = kSuffixes[i];
        if (s.letter == 'G')
            continue;   // billions read as B
        if (a >= s.scale)
            return QStringLiteral("%1 %2").arg(boundText(value / s.scale)).arg(QLatin1Char(s.letter));
    }
    // As typed, so the text reads back to the same value (parse() drops the separators).
    return boundText(value);
}

double ScaledSpinBox::valueFromText(const QString &text) const
{
    if (!specialValueText().isEmpty() && text == specialValueText())
        return minimum();
    double v = 0;
    return parse(text, v) ? v : value();
}

QValidator::State ScaledSpinBox::validate(QString &text, int &) const
{
    if (!specialValueText().isEmpty() && text == specialValueText())
        return QValidator::Acceptable;
    double v = 0;
    if (parse(text, v))
        return (v >= minimum() && v <= maximum()) ? QValidator::Acceptable : QValidator::Intermediate;
    static const QRegularExpression partial(QStringLiteral("^[0-9.,eE+\\-\\s]*[kKmMbBgGtTpP]?\\s*$"));
    return partial.match(text).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

void ScaledSpinBox::stepBy(int steps)
{
    if (m_ladder.empty()) {
        QDoubleSpinBox::stepBy(steps);
        return;
    }
    const double v = value();
    double next = v;
    if (steps > 0) {
        for (double rung : m_ladder) {
            if (rung > v * (1 + 1e-9)) {
                next = rung;
                break;
            }
        }
    } else if (steps < 0) {
        for (auto it = m_ladder.rbegin(); it != m_ladder.rend(); ++it) {
            if (*it < v * (1 - 1e-9)) {
                next = *it;
                break;
            }
        }
    }
    setValue(next);
}

QAbstractSpinBox::StepEnabled ScaledSpinBox::stepEnabled() const
{
    StepEnabled e = StepNone;
    if (value() < maximum())
        e |= StepUpEnabled;
    if (value() > minimum())
        e |= StepDownEnabled;
    return e;
}

} // namespace gpuplan::ui
