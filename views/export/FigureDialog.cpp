// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/FigureDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace holescope {

FigureDialog::FigureDialog(QWidget* parent)
    : QDialog(parent)
    , m_path(new QLineEdit(QStringLiteral("figure.pdf"), this))
    , m_preset(new QComboBox(this))
    , m_font(new QDoubleSpinBox(this))
    , m_dpi(new QSpinBox(this))
    , m_csv(new QCheckBox(tr("also write the data as CSV beside it"), this))
{
    setWindowTitle(tr("Export figure"));
    m_preset->addItem(tr("Single column (3.5 in)"), QStringLiteral("single"));
    m_preset->addItem(tr("Double column (7 in)"), QStringLiteral("double"));
    m_preset->addItem(tr("Slide (10 in, 16:9)"), QStringLiteral("slide"));
    m_font->setRange(0, 48);
    m_font->setSpecialValueText(tr("preset's"));
    m_font->setSuffix(tr(" pt"));
    m_dpi->setRange(30, 2400);
    m_dpi->setValue(300);
    m_dpi->setSuffix(tr(" dpi (PNG)"));
    // Only a PNG has pixels: the box is idle while the file is a vector figure.
    auto pngOnly = [this](const QString& path) { m_dpi->setEnabled(path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)); };
    connect(m_path, &QLineEdit::textChanged, this, pngOnly);
    pngOnly(m_path->text());
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Export figure"), m_path->text(), tr("Figures (*.pdf *.svg *.png)"));
        if (!p.isEmpty())
            m_path->setText(p);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("File (.pdf, .svg, .png)"), fileRow);
    form->addRow(tr("Size"), m_preset);
    form->addRow(tr("Font size"), m_font);
    form->addRow(tr("Resolution"), m_dpi);
    form->addRow(m_csv);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString FigureDialog::path() const
{
    return m_path->text();
}

void FigureDialog::setPath(const QString& path)
{
    m_path->setText(path);
}

FigureOptions FigureDialog::options() const
{
    FigureOptions o;
    o.preset = figurePresetFromName(m_preset->currentData().toString()).value_or(FigurePreset::SingleColumn);
    o.fontPoints = m_font->value();
    o.dpi = m_dpi->value();
    return o;
}

QString FigureDialog::csvPath() const
{
    if (!m_csv->isChecked())
        return {};
    const QFileInfo f(path());
    return f.dir().filePath(f.completeBaseName() + QStringLiteral(".csv"));
}

} // namespace holescope
