import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RatingInput } from './RatingInput';

/** The control as a form holds it: value in state, changes reported. */
function Controlled({ initial = null, onChange }: { initial?: number | null; onChange?: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <RatingInput
      value={value}
      name="rating"
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const checkedValue = () => (screen.getAllByRole('radio') as HTMLInputElement[]).find((input) => input.checked)?.value ?? null;

describe('RatingInput (SPEC §1, §9)', () => {
  it('is a "Rating" group of ten half-star radios sharing one name', () => {
    render(<RatingInput value={null} onChange={() => {}} name="rating" />);
    expect(screen.getByRole('group', { name: 'Rating' })).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((input) => input.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(new Set(radios.map((input) => input.name))).toEqual(new Set(['rating']));
  });

  it('labels each half star as people say it', () => {
    render(<RatingInput value={null} onChange={() => {}} />);
    const names = screen.getAllByRole('radio').map((input) => input.closest('label')!.textContent);
    expect(names).toEqual(['0.5 stars', '1 star', '1.5 stars', '2 stars', '2.5 stars', '3 stars', '3.5 stars', '4 stars', '4.5 stars', '5 stars']);
    expect(radio('3.5 stars').value).toBe('7');
  });

  it('shares a made-up name between its radios when given none', () => {
    render(<RatingInput value={null} onChange={() => {}} />);
    const names = new Set((screen.getAllByRole('radio') as HTMLInputElement[]).map((input) => input.name));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
  });

  it('selects the value of the half clicked', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.click(radio('3.5 stars'));
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(checkedValue()).toBe('7');
    fireEvent.click(screen.getByText('0.5 stars'));
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(checkedValue()).toBe('1');
  });

  it('shows the current value checked', () => {
    render(<RatingInput value={10} onChange={() => {}} />);
    expect(radio('5 stars').checked).toBe(true);
    expect(checkedValue()).toBe('10');
  });

  it('"Clear rating" sets no rating and is off when there is none', () => {
    const onChange = vi.fn();
    render(<Controlled initial={4} onChange={onChange} />);
    const clear = screen.getByRole('button', { name: 'Clear rating' }) as HTMLButtonElement;
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(checkedValue()).toBeNull();
    expect(clear.disabled).toBe(true);
  });

  it('lights the stars up to the hovered half and back to the value on leaving', () => {
    render(<RatingInput value={2} onChange={() => {}} />);
    const lit = () => document.querySelectorAll('label[data-lit]').length;
    expect(lit()).toBe(2);
    fireEvent.mouseEnter(radio('4 stars').closest('label')!);
    expect(lit()).toBe(8);
    fireEvent.mouseLeave(screen.getAllByRole('radio')[0]!.closest('label')!.parentElement!);
    expect(lit()).toBe(2);
  });
});
