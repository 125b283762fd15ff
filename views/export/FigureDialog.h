// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/FigureExport.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace holescope {

// Where and how to export a figure: file (its extension picks PDF, SVG or PNG), preset, font
// size, DPI, and whether to write the data beside it as CSV.
class FigureDialog : public QDialog {
    Q_OBJECT
public:
    explicit FigureDialog(QWidget* parent = nullptr);

    QString path() const;
    void setPath(const QString& path);
    FigureOptions options() const;
    QString csvPath() const;   // empty: no CSV

private:
    QLineEdit* m_path;
    QComboBox* m_preset;
    QDoubleSpinBox* m_font;
    QSpinBox* m_dpi;
    QCheckBox* m_csv;
};

} // namespace holescope
