import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../test-utils';
import { fileError, FileDropzone, MAX_UPLOAD_BYTES } from './FileDropzone';

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Slot({ accept, onFile }: { accept?: string[]; onFile: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDropzone
      label="Firmware file"
      accept={accept}
      file={file}
      onFile={(next) => {
        onFile(next);
        setFile(next);
      }}
    />
  );
}

describe('FileDropzone', () => {
  it('is a button named by everything it shows (WCAG 2.5.3: the name holds the visible text)', () => {
    renderWithUi(<Slot accept={['.bin']} onFile={jest.fn()} />);
    const zone = screen.getByRole('button', { name: /Firmware file/ });
    const visible = zone.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    expect(visible).toContain('Drag and drop a file here, or click to browse');
    for (const part of ['Firmware file', 'Drag and drop a file here, or click to browse', '.bin']) {
      expect(zone).toHaveAccessibleName(expect.stringContaining(part));
    }
  });

  it('accepts exactly 52428800 bytes and refuses one byte more, naming the real limit', () => {
    expect(fileError(fileOf('a.pdf', MAX_UPLOAD_BYTES), ['.pdf'], MAX_UPLOAD_BYTES)).toBeNull();
    expect(fileError(fileOf('a.pdf', MAX_UPLOAD_BYTES + 1), ['.pdf'], MAX_UPLOAD_BYTES)).toBe(
      'Maximum file size is 50 MB',
    );
  });

  it('shows the chosen file with its size and removes it', async () => {
    const onFile = jest.fn();
    renderWithUi(<Slot onFile={onFile} />);
    const exact = fileOf('report.PDF', MAX_UPLOAD_BYTES);
    await userEvent.upload(screen.getByTestId('file-input'), exact);
    expect(onFile).toHaveBeenCalledWith(exact);
    const chosen = screen.getByRole('group', { name: 'Chosen file' });
    expect(within(chosen).getByText('report.PDF', { ignore: 'button *' })).toBeInTheDocument();
    expect(within(chosen).getByText('(50 MB)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove report.PDF' }));
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('group', { name: 'Chosen file' })).toBeNull();
  });

  it('refuses a dropped file of another extension, in red under the zone', () => {
    const onFile = jest.fn();
    renderWithUi(<Slot accept={['.bin']} onFile={onFile} />);
    const zone = screen.getByRole('button', { name: /Firmware file/ });
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('image.png', 10)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Only .bin files are allowed');
    expect(zone).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
    expect(onFile).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('fw-1.2.bin', 2048)] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('group', { name: 'Chosen file' })).getByText('(2 KB)')).toBeInTheDocument();
  });

  it('refuses a too big file and more than one file per slot', () => {
    const onFile = jest.fn();
    renderWithUi(<Slot onFile={onFile} />);
    const zone = screen.getByRole('button', { name: /Firmware file/ });
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('big.docx', MAX_UPLOAD_BYTES + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum file size is 50 MB');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('a.doc', 1), fileOf('b.doc', 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Only one file can be added here');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('opens the file browser from the keyboard', async () => {
    renderWithUi(<Slot onFile={() => {}} />);
    const input = screen.getByTestId('file-input');
    const click = jest.spyOn(input, 'click');
    screen.getByRole('button', { name: /Firmware file/ }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });
});
