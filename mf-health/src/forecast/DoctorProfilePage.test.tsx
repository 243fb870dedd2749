import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DoctorProfilePage } from './DoctorProfilePage';

const profile = {
  name: '森川 はるか',
  nameKana: 'もりかわ はるか',
  title: 'すこやか 健康予報 監修医（架空の人物です）',
  specialty: '循環器内科・予防医学',
  qualifications: ['日本循環器学会 循環器専門医'],
  career: ['大学病院の循環器内科で診療に従事'],
  message: '変えられるところから、ひとつずつ。',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('/doctor_profile01 (issue 13)', () => {
  const bff = setupFakeBff();

  it('presents the physician: a drawn portrait, name, specialty, message, qualifications and career', async () => {
    bff.onCall('getDoctorProfile', reply({ profile }));
    renderWithProviders(<DoctorProfilePage />);
    expect(await screen.findByRole('heading', { name: /森川 はるか/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '森川 はるかのイラスト' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('専門：循環器内科・予防医学')).toBeInTheDocument();
    expect(screen.getByText('変えられるところから、ひとつずつ。')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '資格' })).toHaveTextContent('日本循環器学会 循環器専門医');
    expect(screen.getByRole('region', { name: '経歴' })).toHaveTextContent('大学病院の循環器内科で診療に従事');
    expect(document.title).toBe('監修医師のご紹介 | すこやか');
  });

  it('says so when no physician is set', async () => {
    bff.onCall('getDoctorProfile', reply({ profile: null }));
    renderWithProviders(<DoctorProfilePage />);
    expect(await screen.findByText('監修医師の情報はまだ登録されていません')).toBeInTheDocument();
  });

  it('a failed load offers to load again', async () => {
    bff.onCall('getDoctorProfile', reply({ profile }));
    bff.onCall('getDoctorProfile', bffError(503, 'service_unavailable', 'ただいま混み合っています'), { times: 1 });
    renderWithProviders(<DoctorProfilePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('監修医師の情報を読み込めませんでした。');
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('heading', { name: /森川 はるか/ })).toBeInTheDocument();
  });
});
